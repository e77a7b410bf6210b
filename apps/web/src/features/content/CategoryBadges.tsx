import { Badge, Group } from '@mantine/core';
import type { ArticleDto } from '@umrah/domain/validation/contact';

/** An article's categories as tags (nothing when it has none). */
export function CategoryBadges({ categories }: { categories: ArticleDto['categories'] }) {
  if (categories.length === 0) return null;
  return (
    <Group gap={6} aria-label="Categorieën">
      {categories.map((c) => (
        <Badge key={c.article_category_id} variant="light">
          {c.label}
        </Badge>
      ))}
    </Group>
  );
}
