import { Box, Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './PageBanner.module.css';

/** The banner at the top of a page, with the page's one h1. */
export function PageBanner({
  title,
  subtitle,
  image = '/images/banners/default.svg',
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  image?: string;
  children?: ReactNode;
}) {
  return (
    <Box className={classes.banner}>
      {/* An <img> with its size, not a CSS background: the browser finds it in the HTML (the home
          banner is the page's largest paint) and reserves its box. Decorative: the h1 says it. */}
      <img src={image} alt="" width={1600} height={500} className={classes.image} fetchPriority="high" />
      <Container size="lg" className={classes.inner}>
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        {subtitle && (
          <Text className={classes.subtitle} size="lg">
            {subtitle}
          </Text>
        )}
        {children}
      </Container>
    </Box>
  );
}
