// A toast that survives one full-page navigation (logout redirects with
// window.location), kept in sessionStorage and shown once on start.
import { toast } from "../../components/ui/toast";

const KEY = "flashToast";

interface Flash {
  kind: "success" | "error" | "info";
  title: string;
  description?: string;
}

export function setFlashToast(flash: Flash): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(flash));
  } catch {
    // storage unavailable (private mode): the toast is simply not repeated
  }
}

export function showFlashToast(): void {
  let flash: Flash | null = null;
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    flash = raw ? (JSON.parse(raw) as Flash) : null;
  } catch {
    flash = null;
  }
  if (!flash || typeof flash.title !== "string") return;
  const show = flash.kind === "error" ? toast.error : flash.kind === "info" ? toast.info : toast.success;
  show(flash.title, typeof flash.description === "string" ? flash.description : undefined);
}
