// A text input kept outside a form library: its value and its own error, which typing clears.
import { useState, type ChangeEvent } from 'react';

export function useTextField(initial = '') {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const inputProps = {
    value,
    error,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setValue(e.currentTarget.value);
      setError(null);
    },
  };
  return { value, setValue, error, setError, inputProps };
}
