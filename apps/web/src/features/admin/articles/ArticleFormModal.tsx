// Add or edit one knowledge article (type 0) or flyer (type 1): docs/RULES.md, 'Validation: Article form' with its
// messages, one JPEG photo cropped in the browser, the html in a rich-text editor, category chips.
import { useEffect, useId, useRef, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { Chip, FileInput, Group, Image, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { ArticleType } from '@umrah/domain/enums';
import { ARTICLE_MSG, aspectOf, flyerCreatedMessage } from '@umrah/domain/validation/article';
import type { ArticleCategoryDto, ArticleDto } from '@umrah/domain/validation/contact';
import { FormModal } from '../../../components/admin-kit/FormModal';
import { fieldErrors } from '../../../lib/form';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useSaveArticle } from './api';
import { blobToDataUrl, cropToJpeg, photoError } from './crop';
import { ImageCropper } from './ImageCropper';
import { RichTextField } from './RichTextField';
import { validateArticleForm, type ArticleFormValues } from './validation';

export interface ArticleFormModalProps {
  opened: boolean;
  type: number;
  /** null: a new one. */
  article: ArticleDto | null;
  categories: ArticleCategoryDto[];
  onClose: () => void;
}

export function ArticleFormModal({ opened, type, article, categories, onClose }: ArticleFormModalProps) {
  const isNew = article === null;
  const isFlyer = type === ArticleType.FLYER;
  const noun = isFlyer ? 'Flyer' : 'Kennis';
  const htmlId = useId();
  const form = useArticleForm({ type, article, onClose });
  const { values, set, errors } = form;

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={`${noun} ${isNew ? 'toevoegen' : 'wijzigen'}`}
      onSubmit={form.submit}
      error={form.formError}
      busy={form.busy}
    >
      <TextInput
        label="Titel"
        required
        value={values.label}
        onChange={(e) => set('label', e.currentTarget.value)}
        error={errors.label}
        maxLength={200}
      />
      <Textarea
        label="Beschrijving"
        required
        autosize
        minRows={2}
        value={values.description}
        onChange={(e) => set('description', e.currentTarget.value)}
        error={errors.description}
      />
      {categories.length > 0 && (
        <CategoryChips id={`${htmlId}-cats`} categories={categories} value={values.categories} onChange={(v) => set('categories', v)} />
      )}
      <FileInput
        label="Foto"
        description={`Eén jpg- of jpeg-bestand; je kiest de uitsnede hieronder${isNew ? '' : ' (zonder nieuwe foto blijft de huidige)'}.`}
        placeholder="Kies een foto"
        accept="image/jpeg,.jpg,.jpeg"
        required={isNew}
        clearable
        clearButtonProps={{ 'aria-label': 'Foto weghalen' }}
        value={form.photo.file}
        onChange={(f) => void form.choose(f)}
        error={errors.image}
      />
      {form.photo.src ? (
        <ImageCropper key={form.photo.src} src={form.photo.src} aspect={aspectOf(type)} onAreaChange={form.photo.setArea} />
      ) : (
        article?.img && <Image src={article.img} alt={`Huidige foto van ${article.label}`} h={160} w="auto" fit="contain" radius="sm" />
      )}
      <RichTextField
        id={htmlId}
        label={isFlyer ? 'Inhoud' : 'Kennis'}
        required={!isFlyer}
        value={values.html}
        onChange={(html) => set('html', html)}
        error={errors.html}
      />
    </FormModal>
  );
}

function CategoryChips({
  id,
  categories,
  value,
  onChange,
}: {
  id: string;
  categories: ArticleCategoryDto[];
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        Categorieën
      </Text>
      <Chip.Group multiple value={value.map(String)} onChange={(v) => onChange(v.map(Number))}>
        <Group gap="xs" role="group" aria-labelledby={id}>
          {categories.map((c) => (
            <Chip key={c.article_category_id} value={String(c.article_category_id)}>
              {c.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}

/** The chosen picture, its object URL for the cropper and the area chosen in it. */
function useChosenPhoto() {
  const [file, setFile] = useState<File | null>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [area, setArea] = useState<Area | null>(null);
  // The object URL of the chosen picture lives as long as it is shown: made when a picture is chosen,
  // let go when another (or none) is chosen and when the form goes.
  const srcRef = useRef<string | null>(null);
  const pick = (chosen: File | null) => {
    if (srcRef.current) URL.revokeObjectURL(srcRef.current);
    srcRef.current = chosen ? URL.createObjectURL(chosen) : null;
    setFile(chosen);
    setSrc(srcRef.current);
  };
  useEffect(
    () => () => {
      if (srcRef.current) URL.revokeObjectURL(srcRef.current);
      srcRef.current = null;
    },
    [],
  );
  return { file, src, area, setArea, pick };
}

/** The photo as sent: cropped to the chosen area (or as chosen) and read as a data URL. */
async function encodePhoto(file: File, src: string, area: Area | null) {
  const blob = area ? await cropToJpeg(src, area) : file;
  return { name: file.name, data: await blobToDataUrl(blob) };
}

function useArticleForm({ type, article, onClose }: Pick<ArticleFormModalProps, 'type' | 'article' | 'onClose'>) {
  const isNew = article === null;
  const isFlyer = type === ArticleType.FLYER;
  const [values, setValues] = useState<ArticleFormValues>(() => ({
    type,
    label: article?.label ?? '',
    description: article?.description ?? '',
    html: article?.html ?? '',
    categories: article?.categories.map((c) => c.article_category_id) ?? [],
    photoName: null,
  }));
  const photo = useChosenPhoto();
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The photo is being cropped and encoded, before the request. */
  const [preparing, setPreparing] = useState(false);
  const [cropFailed, setCropFailed] = useState(false);
  const save = useSaveArticle({
    onSuccess: (res) => {
      notifySuccess(!isNew ? ARTICLE_MSG.updated : isFlyer ? flyerCreatedMessage(res.article.id) : ARTICLE_MSG.created);
      onClose();
    },
    onError: (err) => setErrors(fieldErrors(err)),
  });
  // A field's message goes under the field (a refused photo under 'Foto'), anything else above the buttons.
  const formError = cropFailed
    ? ARTICLE_MSG.unknown
    : save.error && Object.keys(fieldErrors(save.error)).length === 0
      ? errorMessage(save.error, ARTICLE_MSG.unknown)
      : null;

  const set = <K extends keyof ArticleFormValues>(key: K, value: ArticleFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const choose = async (chosen: File | null) => {
    photo.setArea(null);
    const problem = chosen ? await photoError(chosen) : null;
    const kept = problem ? null : chosen;
    photo.pick(kept);
    setValues((v) => ({ ...v, photoName: kept?.name ?? null }));
    setErrors(({ image: _gone, ...rest }) => (problem ? { ...rest, image: problem } : rest));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setCropFailed(false);
    save.reset();
    const found = validateArticleForm(values, isNew);
    // A refused file stays refused until another is chosen.
    if (errors.image && !values.photoName) found.image = errors.image;
    setErrors(found);
    if (Object.keys(found).length) return;
    let image: { name: string; data: string } | undefined;
    if (photo.file && photo.src) {
      setPreparing(true);
      try {
        image = await encodePhoto(photo.file, photo.src, photo.area);
      } catch {
        setCropFailed(true);
        return;
      } finally {
        setPreparing(false);
      }
    }
    const { label, description, html, categories } = values;
    save.mutate({ id: article?.id ?? null, body: { type, label, description, html, categories, ...(image ? { image } : {}) } });
  };

  return { values, set, errors, photo, choose, submit, formError, busy: preparing || save.isPending };
}
