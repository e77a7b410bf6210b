import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { ARTICLE_MSG, notJpegMessage } from '@umrah/domain/validation/article';
import { ArticlePicture } from '../../content/ArticlePicture';
import { croppedSize, photoError } from './crop';
import { validateArticleForm, type ArticleFormValues } from './validation';

const form = (overrides: Partial<ArticleFormValues> = {}): ArticleFormValues => ({
  type: 0,
  label: 'Zamzam',
  description: 'Over zamzam water',
  html: '<p>Gezegend water.</p>',
  categories: [1],
  photoName: 'zamzam.jpg',
  ...overrides,
});

describe('article form validation (docs/RULES.md, Validation)', () => {
  it('accepts a complete article, and an edit without a new photo', () => {
    expect(validateArticleForm(form(), true)).toEqual({});
    expect(validateArticleForm(form({ photoName: null }), false)).toEqual({});
  });

  it('gives the spec messages for a missing photo, content, title and description', () => {
    expect(validateArticleForm(form({ photoName: null }), true)).toEqual({ image: ARTICLE_MSG.photo });
    expect(validateArticleForm(form({ html: '<p></p>' }), true)).toEqual({ html: 'Kennis is verplicht!' });
    expect(validateArticleForm(form({ html: '<p> &nbsp; </p>' }), false)).toEqual({ html: 'Kennis is verplicht!' });
    expect(validateArticleForm(form({ label: ' ', description: '' }), true)).toEqual({
      label: 'Titel is verplicht!',
      description: 'Beschrijving is verplicht!',
    });
    expect(ARTICLE_MSG.photo).toBe('Foto is verplicht!');
  });

  it('a flyer needs its photo but no content', () => {
    expect(validateArticleForm(form({ type: 1, html: '' }), true)).toEqual({});
    expect(validateArticleForm(form({ type: 1, html: '', photoName: null }), true)).toEqual({ image: ARTICLE_MSG.photo });
  });

  it('refuses html over 100 kB', () => {
    expect(validateArticleForm(form({ html: `<p>${'x'.repeat(100_000)}</p>` }), true).html).toBe('Kennis mag maximaal 100000 tekens lang zijn.');
  });
});

const file = (bytes: number[], name: string) => Object.assign(new Blob([new Uint8Array(bytes)]), { name });
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 16];
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a];

describe('the photo check and the crop helper', () => {
  it('accepts only a JPEG by name and by content', async () => {
    expect(await photoError(file(JPEG_HEAD, 'foto.jpg'))).toBeNull();
    expect(await photoError(file(JPEG_HEAD, 'FOTO.JPEG'))).toBeNull();
    // A PNG renamed .jpg: the content decides.
    expect(await photoError(file(PNG_HEAD, 'vakantie.jpg'))).toBe('vakantie.jpg is geen a jpg of jpeg bestand.');
    expect(await photoError(file(JPEG_HEAD, 'foto.png'))).toBe(notJpegMessage('foto.png'));
    expect(await photoError(file([], 'leeg.jpg'))).toBe(notJpegMessage('leeg.jpg'));
  });

  it('keeps the chosen pixels, scaled down (never up) to at most 2000 wide', () => {
    expect(croppedSize({ x: 10, y: 20, width: 800, height: 608 })).toEqual({ width: 800, height: 608 });
    expect(croppedSize({ x: 0, y: 0, width: 3000, height: 2280 })).toEqual({ width: 2000, height: 1520 });
    // A flyer (0.70625): the aspect survives the scaling.
    const flyer = croppedSize({ x: 0, y: 0, width: 2825, height: 4000 });
    expect(flyer.width).toBe(2000);
    expect(Math.abs(flyer.width / flyer.height - 0.70625)).toBeLessThan(0.001);
    expect(croppedSize({ x: 0, y: 0, width: 1200.4, height: 912.2 }, 1000)).toEqual({ width: 1000, height: 760 });
  });
});

describe('ArticlePicture', () => {
  it('offers AVIF and WebP with the JPEG as fallback, width and height set', () => {
    const { container } = render(
      <ArticlePicture
        article={{
          img: '/api/files/articles/abc/1200.jpg',
          flex: {
            image: {
              base: '/api/files/articles/abc',
              sizes: [
                { width: 1200, height: 912 },
                { width: 480, height: 365 },
              ],
            },
          },
        }}
        alt="Zamzam"
        sizes="100vw"
      />,
    );
    const sources = [...container.querySelectorAll('picture source')].map((s) => [s.getAttribute('type'), s.getAttribute('srcset')]);
    expect(sources).toEqual([
      ['image/avif', '/api/files/articles/abc/480.avif 480w, /api/files/articles/abc/1200.avif 1200w'],
      ['image/webp', '/api/files/articles/abc/480.webp 480w, /api/files/articles/abc/1200.webp 1200w'],
    ]);
    const img = container.querySelector('picture img')!;
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('alt')]).toEqual([
      '/api/files/articles/abc/1200.jpg',
      '1200',
      '912',
      'Zamzam',
    ]);
  });

  it('shows an older article by its one URL', () => {
    const { container } = render(<ArticlePicture article={{ img: '/images/flyers/winter.svg', flex: {} }} alt="" sizes="100vw" />);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/images/flyers/winter.svg');
  });
});
