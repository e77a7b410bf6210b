// An article's or flyer's picture: AVIF, then WebP, then the JPEG, each in the widths the API made
// (480 for phones, 1200 for desktops); width and height are set so nothing shifts while it loads.
// Articles from before the admin tab have just one `img` URL, shown as it is.
import type { CSSProperties } from 'react';
import { ARTICLE_IMAGE_FORMATS, articleImageOf, articleImageSrcSet, articleImageUrl } from '@umrah/domain/article-image';
import type { ArticleDto } from '@umrah/domain/validation/contact';

export interface ArticlePictureProps {
  article: Pick<ArticleDto, 'img' | 'flex'>;
  alt: string;
  /** The <img sizes> hint, e.g. '(max-width: 600px) 100vw, 400px'. */
  sizes: string;
  style?: CSSProperties;
  loading?: 'lazy' | 'eager';
}

export function ArticlePicture({ article, alt, sizes, style, loading = 'lazy' }: ArticlePictureProps) {
  const image = articleImageOf(article.flex);
  const imgStyle: CSSProperties = { display: 'block', width: '100%', height: 'auto', ...style };
  const widest = image?.sizes.at(-1);
  if (!image || !widest) return article.img ? <img src={article.img} alt={alt} style={imgStyle} loading={loading} /> : null;
  return (
    <picture>
      {ARTICLE_IMAGE_FORMATS.filter((f) => f.ext !== 'jpg').map((f) => (
        <source key={f.ext} type={f.type} srcSet={articleImageSrcSet(image, f.ext)} sizes={sizes} />
      ))}
      <img
        src={articleImageUrl(image, widest.width, 'jpg')}
        srcSet={articleImageSrcSet(image, 'jpg')}
        sizes={sizes}
        width={widest.width}
        height={widest.height}
        alt={alt}
        loading={loading}
        decoding="async"
        style={imgStyle}
      />
    </picture>
  );
}
