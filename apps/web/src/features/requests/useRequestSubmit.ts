// The submit flow both request forms share: send with the captcha (busy, the error above the button,
// the server's field errors under the fields, a fresh captcha after every try), then the success
// text for a few seconds before `onDone`.
import type { UseFormReturnType } from '@mantine/form';
import { useCaptchaForm } from '../auth';
import { requestErrorMessage, useSentMessage } from './api';

export function useRequestSubmit<V extends { altcha: string }, R extends { message: string }>(
  form: UseFormReturnType<V>,
  onDone: () => void,
  send: (values: V) => Promise<R>,
  /** Runs before the success text shows, e.g. logging in with the token of a new account. */
  beforeSent?: (answer: R) => Promise<unknown>,
) {
  const [sent, setSent] = useSentMessage(onDone);
  const { submit, error, busy, captcha } = useCaptchaForm(form, {
    send,
    onSent: async (answer) => {
      await beforeSent?.(answer);
      setSent(answer.message);
    },
    errorMessage: requestErrorMessage,
  });
  return { sent, submit, error, busy, captcha };
}
