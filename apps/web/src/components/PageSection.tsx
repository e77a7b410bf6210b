// A titled part of a public page: a <section> named by its h2 (the landmark screen readers list).
import { forwardRef, type CSSProperties, type ReactNode } from 'react';
import { Title, type MantineSpacing } from '@mantine/core';

export const PageSection = forwardRef<
  HTMLElement,
  { id: string; title: ReactNode; titleGap?: MantineSpacing | number; style?: CSSProperties; children: ReactNode }
>(function PageSection({ id, title, titleGap = 'sm', style, children }, ref) {
  return (
    <section aria-labelledby={id} style={style} ref={ref}>
      <Title order={2} id={id} mb={titleGap}>
        {title}
      </Title>
      {children}
    </section>
  );
});
