import { Container, Stack, Text, Title, type ContainerProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of a public page: its one h1, an optional meta line and lead paragraph, then the content. */
export function SitePage({
  title,
  meta,
  intro,
  children,
  size = 'lg',
}: {
  title: string;
  /** A small line under the title (e.g. the date of the last change). */
  meta?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  size?: ContainerProps['size'];
}) {
  return (
    <Container size={size} py={{ base: 40, sm: 64 }}>
      <Stack gap="sm" mb={{ base: 'xl', sm: 40 }} maw={760}>
        <Title order={1} fz={{ base: 30, sm: 40 }} lh={1.15}>
          {title}
        </Title>
        {meta}
        {intro && (
          <Text size="lg" c="dimmed">
            {intro}
          </Text>
        )}
      </Stack>
      {children}
    </Container>
  );
}
