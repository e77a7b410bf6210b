// One way to turn a failed request into the words the user sees: the server's Dutch message for an
// ApiError (validation, conflict, network: api.ts already puts the Dutch text in it), a fallback
// otherwise. Mutations pass `onError: notifyError` (or notifyErrorWith(fallback)) instead of
// writing the notification each time; modals show errorMessage(mutation.error) in their footer.
import { createElement, lazy, Suspense } from 'react';
import type { NotificationData } from '@mantine/notifications';
import type { UseMutationOptions } from '@tanstack/react-query';
import { MSG } from '@umrah/domain/messages';
import { ApiError } from './api';
import { useBrowserIdle } from './useBrowserIdle';

// The notification code (and its transitions) is no part of a page's first JavaScript: it loads
// with the first notification, or once the page works, whichever comes first.
const loadNotifications = () => import('@mantine/notifications');
const LazyNotifications = lazy(() => loadNotifications().then((m) => ({ default: m.Notifications })));

/** Shows a notification (queued in Mantine's store until the host below has mounted). */
export function showNotification(data: NotificationData): void {
  void loadNotifications().then((m) => m.notifications.show(data));
}

/**
 * Where the notifications appear: mounted in the browser only, once it is idle after hydration (a
 * notification shown before then waits in Mantine's store). Not while hydrating: a store that answers
 * differently after hydration would re-render synchronously, in one long task.
 */
export function NotificationsHost(props: { position: NotificationData['position']; zIndex: number }) {
  const idle = useBrowserIdle();
  return idle ? createElement(Suspense, { fallback: null }, createElement(LazyNotifications, props)) : null;
}

/** The text for an error, or null when there is none (a mutation that has not failed). */
export function errorMessage(err: unknown, fallback?: string): string | null;
export function errorMessage(err: unknown, fallback: string = MSG.unknownError): string | null {
  if (err === null || err === undefined) return null;
  return err instanceof ApiError ? err.message : fallback;
}

/**
 * Like errorMessage, but only a client error (status below 500) shows the server's text; a server
 * failure shows the fallback instead of its technical message.
 */
export function clientErrorMessage(err: unknown, fallback: string = MSG.unknownError): string | null {
  if (err === null || err === undefined) return null;
  return err instanceof ApiError && err.status < 500 ? err.message : fallback;
}

/** A red notification with the error's text. Takes only the error, so `onError: notifyError` fits useMutation. */
export function notifyError(err: unknown): void {
  showNotification({ color: 'red', message: errorMessage(err) ?? MSG.unknownError });
}

/** An onError handler whose non-API errors show `fallback` (a feature's own 'unknown error' text). */
export const notifyErrorWith =
  (fallback: string, pick: (err: unknown, fallback: string) => string | null = errorMessage) =>
  (err: unknown): void => {
    showNotification({ color: 'red', message: pick(err, fallback) ?? fallback });
  };

/** The green (or, for 'nothing changed', yellow) confirmation after a mutation. */
export function notifySuccess(message: string, options: { color?: string; autoClose?: number } = {}): void {
  showNotification({ color: options.color ?? 'green', message, ...(options.autoClose ? { autoClose: options.autoClose } : {}) });
}

/** The options a feature's mutation hook passes through (its own onSuccess/onError), mutationFn fixed. */
export type MutationHooks<TData, TVariables = void> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>;
