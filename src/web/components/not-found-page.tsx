// The not-found page: any unknown path while signed in, and /admin for a non-staff user.
import { Link } from "wouter";

export function NotFoundPage() {
  return (
    <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-2 text-slate-700">The page you asked for does not exist or you do not have access to it.</p>
      <Link
        href="/"
        className="mt-6 inline-flex min-h-11 items-center justify-center rounded-md bg-brand-800 px-5 font-medium text-white hover:bg-brand-900"
      >
        Go to the load board
      </Link>
    </main>
  );
}
