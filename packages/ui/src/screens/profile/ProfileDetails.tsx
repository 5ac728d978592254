import type { RouterOutputs } from '@amiko/api';
import type { CatalogName } from '@amiko/core';
import { catalogKeyOf } from '@amiko/i18n';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../components/NewInTown.tsx';
import type { FieldSpec } from './fields.ts';

/** The filled fields of one section, read-only; nothing when the member left them all empty. */
export function ProfileDetails({
  title,
  fields,
  profile,
}: {
  title: string;
  fields: FieldSpec[];
  profile: RouterOutputs['profile']['view'];
}) {
  const { t, i18n } = useTranslation(['common', 'profile', 'community', 'catalog']);
  const values = profile as unknown as Record<string, unknown>;
  // The values come as the server stores them, plain strings: each an id of the field's catalog (shown as
  // it is should the catalog not know it).
  const label = (catalog: CatalogName, id: string) => {
    const key = catalogKeyOf(catalog, id);
    return key ? t(key) : id;
  };
  const rows = fields.flatMap((spec) => {
    const value = values[spec.name];
    let text: string | null = null;
    if (spec.kind === 'select' && typeof value === 'string') text = label(spec.catalog, value);
    else if (spec.kind === 'multi' && Array.isArray(value) && value.length > 0)
      text = value.map((id) => label(spec.catalog, String(id))).join(', ');
    else if ((spec.kind === 'text' || spec.kind === 'textarea') && typeof value === 'string' && value)
      text = value;
    else if (spec.kind === 'levels' && value && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, string>);
      if (entries.length > 0)
        text = entries
          .map(([key, level]) => `${label(spec.keys, key)}: ${label(spec.levels, level)}`)
          .join(', ');
    } else if (spec.kind === 'month' && typeof value === 'string') text = formatMonth(value, i18n.language);
    else if (spec.kind === 'switch' && value === true) text = t('common:yes');
    return text ? [{ label: t(`profile:fields.${spec.name}`), text }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" style={{ margin: 0 }}>
        {rows.map((row) => (
          <div key={row.label}>
            <Text component="dt" size="sm" c="dimmed">
              {row.label}
            </Text>
            <Text component="dd" m={0}>
              {row.text}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
