// The stored picture (kept in the article's flex as `image`): the API writes every width in AVIF,
// WebP and JPEG under one folder; `img` holds the widest JPEG for anything that wants one URL.

export interface ArticleImage {
  /** '/api/files/articles/{folder}': the files are {base}/{width}.{avif|webp|jpg}. */
  base: string;
  sizes: { width: number; height: number }[];
}
export const ARTICLE_IMAGE_FORMATS = [
  { ext: 'avif', type: 'image/avif' },
  { ext: 'webp', type: 'image/webp' },
  { ext: 'jpg', type: 'image/jpeg' },
] as const;
export type ArticleImageExt = (typeof ARTICLE_IMAGE_FORMATS)[number]['ext'];

/** The picture in an article's flex, or null (seeded articles have only an `img` URL). */
export function articleImageOf(flex: Record<string, unknown> | null | undefined): ArticleImage | null {
  const image = flex?.image as Partial<ArticleImage> | undefined;
  if (!image || typeof image.base !== 'string' || !Array.isArray(image.sizes) || image.sizes.length === 0) return null;
  const sizes = image.sizes.filter((s) => Number.isInteger(s?.width) && Number.isInteger(s?.height) && s.width > 0 && s.height > 0);
  return sizes.length ? { base: image.base, sizes: [...sizes].sort((a, b) => a.width - b.width) } : null;
}

export const articleImageUrl = (image: ArticleImage, width: number, ext: ArticleImageExt) => `${image.base}/${width}.${ext}`;
/** 'a/480.webp 480w, a/1200.webp 1200w' for a <source srcset>. */
export const articleImageSrcSet = (image: ArticleImage, ext: ArticleImageExt) =>
  image.sizes.map((s) => `${articleImageUrl(image, s.width, ext)} ${s.width}w`).join(', ');
