// The one shape of the site's forms (account forms, requests, contact): the fields, the failure,
// an optional status (a sent message), the submit button, and what follows it (a link elsewhere).
import type { FormEvent, ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import { FormError } from './admin-kit/FormFooter';

export function SubmitForm(props: {
  /** The form's accessible name; also the submit button's text unless submitLabel says otherwise. */
  label: string;
  submitLabel?: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  error: string | null;
  busy: boolean;
  /** Shown between the failure and the button, e.g. the server's confirmation. */
  status?: ReactNode;
  /** A button as wide as its text instead of the form's width. */
  narrowButton?: boolean;
  footer?: ReactNode;
  /** Called when the visitor starts on the form (a field focused, a tap in it), e.g. to load its checks. */
  onStart?: () => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={props.onSubmit} onFocus={props.onStart} onPointerDown={props.onStart} noValidate aria-label={props.label}>
      <Stack gap="sm">
        {props.children}
        <FormError error={props.error} />
        {props.status}
        <Button type="submit" loading={props.busy} w={props.narrowButton ? 'fit-content' : undefined}>
          {props.submitLabel ?? props.label}
        </Button>
        {props.footer}
      </Stack>
    </form>
  );
}
