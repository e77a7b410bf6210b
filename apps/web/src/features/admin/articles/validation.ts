// The article form's checks, from the same domain schema the API validates the body with.
import { articleCreateSchema, articleUpdateSchema } from '@umrah/domain/validation/article';

export interface ArticleFormValues {
  type: number;
  label: string;
  description: string;
  html: string;
  categories: number[];
  /** The chosen file's name, once it passed photoError; null when none is chosen (yet). */
  photoName: string | null;
}

/** Field errors by form field ('image' for the photo); empty when the form may be sent. */
export function validateArticleForm(values: ArticleFormValues, isNew: boolean): Record<string, string> {
  const body = {
    type: values.type,
    label: values.label,
    description: values.description,
    html: values.html,
    categories: values.categories,
    // The cropped bytes only exist at sending time: a stand-in is enough to check presence and name.
    ...(values.photoName ? { image: { name: values.photoName, data: 'x' } } : {}),
  };
  const result = (isNew ? articleCreateSchema : articleUpdateSchema).safeParse(body);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}
