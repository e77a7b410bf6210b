// The submit flow of the forms with a captcha (register, requests, contact): one attempt at a time,
// the server's field errors on their fields and its message above the button, and a fresh captcha
// after every attempt (a solved one is accepted once).
import { useState, type ReactElement } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { fieldErrors } from '../../lib/form';
import { Altcha } from './Altcha';

export function useCaptchaForm<V extends { altcha: string }, R>(
  form: UseFormReturnType<V>,
  opts: {
    send: (values: V) => Promise<R>;
    onSent: (answer: R) => void | Promise<void>;
    errorMessage: (err: unknown) => string;
    /** Before the error is shown, e.g. dropping a token a failed registration left. */
    onFailed?: (err: unknown) => void;
  },
): { submit: ReturnType<UseFormReturnType<V>['onSubmit']>; error: string | null; busy: boolean; captcha: ReactElement } {
  const [error, setError] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await opts.onSent(await opts.send(values));
    } catch (err) {
      opts.onFailed?.(err);
      form.setErrors(fieldErrors(err));
      setError(opts.errorMessage(err));
    } finally {
      form.setFieldValue('altcha' as never, '' as never);
      setCaptchaKey((k) => k + 1);
    }
  });
  const captcha = (
    <Altcha
      key={captchaKey}
      onChange={(payload) => form.setFieldValue('altcha' as never, payload as never)}
      error={typeof form.errors.altcha === 'string' ? form.errors.altcha : null}
    />
  );
  return { submit, error, busy: form.submitting, captcha };
}
