import { type ReactNode, useSyncExternalStore } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_DURATION = 5000;
const TOAST_REMOVE_DELAY = 1000;

export type ToastOptions = {
  title: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  /** How long it shows, in milliseconds; Infinity keeps it until it is dismissed. */
  duration?: number;
};

export type ToasterToast = ToastOptions & { id: string; open: boolean };

let toasts: ToasterToast[] = [];
let nextId = 0;
const listeners = new Set<() => void>();

function setToasts(next: ToasterToast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id?: string) {
  setToasts(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => setToasts(toasts.filter((t) => t.open)), TOAST_REMOVE_DELAY);
}

export function toast(options: ToastOptions) {
  nextId += 1;
  const id = String(nextId);
  setToasts([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => toasts;

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}
