// The Complete POD form saved as the driver types: the
// names, dates and photos survive a lost signal, a closed tab or a flat phone.
// One draft per driver and load, in IndexedDB; removed once the POD is sent
// (or queued: the outbox holds it from then on).
import { createStore, del, get, set, type UseStore } from "idb-keyval";
import type { PagePhoto } from "../paperwork/compress";

export interface PodDraftValues {
  pickupSignedBy: string;
  pickupSignedDate: string;
  deliverySignedBy: string;
  deliverySignedDate: string;
}

export interface PodDraft {
  values: PodDraftValues;
  pages: PagePhoto[];
  /** a PDF chosen as it is (at a desk), instead of photographed pages */
  document: File | null;
  savedAt: string;
}

let store: UseStore | null = null;
const draftStore = () => (store ??= createStore("pod-drafts", "drafts"));
const key = (userId: string, loadId: string) => `${userId}:${loadId}`;

export const loadDraft = (userId: string, loadId: string) => get<PodDraft>(key(userId, loadId), draftStore());
export const saveDraft = (userId: string, loadId: string, draft: PodDraft) => set(key(userId, loadId), draft, draftStore());
export const deleteDraft = (userId: string, loadId: string) => del(key(userId, loadId), draftStore());
