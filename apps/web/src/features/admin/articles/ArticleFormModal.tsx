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
  const [values, setValues] = useState<ArticleFormValues>(() => ({
    type,
    label: article?.label ?? '',
    description: article?.description ?? '',
    html: article?.html ?? '',
    categories: article?.categories.map((c) => c.article_category_id) ?? [],
    photoName: null,
  }));
  const [file, setFile] = useState<File | null>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [area, setArea] = useState<Area | null>(null);
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

  // The object URL of the chosen picture lives as long as it is shown: made when a picture is chosen,
  // let go when another (or none) is chosen and when the form goes.
  const srcRef = useRef<string | null>(null);
  const pickFile = (chosen: File | null) => {
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

  const set = <K extends keyof ArticleFormValues>(key: K, value: ArticleFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const choose = async (chosen: File | null) => {
    setArea(null);
    if (!chosen) {
      pickFile(null);
      setValues((v) => ({ ...v, photoName: null }));
      setErrors(({ image: _gone, ...rest }) => rest);
      return;
    }
    const problem = await photoError(chosen);
    if (problem) {
      pickFile(null);
      setValues((v) => ({ ...v, photoName: null }));
      setErrors((e) => ({ ...e, image: problem }));
      return;
    }
    pickFile(chosen);
    setValues((v) => ({ ...v, photoName: chosen.name }));
    setErrors(({ image: _gone, ...rest }) => rest);
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
    if (file && src) {
      setPreparing(true);
      try {
        const blob = area ? await cropToJpeg(src, area) : file;
        image = { name: file.name, data: await blobToDataUrl(blob) };
      } catch {
        setCropFailed(true);
        return;
      } finally {
        setPreparing(false);
      }
    }
    save.mutate({
      id: article?.id ?? null,
      body: {
        type,
        label: values.label,
        description: values.description,
        html: values.html,
        categories: values.categories,
        ...(image ? { image } : {}),
      },
    });
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={`${noun} ${isNew ? 'toevoegen' : 'wijzigen'}`}
      onSubmit={submit}
      error={formError}
      busy={preparing || save.isPending}
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
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`${htmlId}-cats`}>
            Categorieën
          </Text>
          <Chip.Group multiple value={values.categories.map(String)} onChange={(v) => set('categories', v.map(Number))}>
            <Group gap="xs" role="group" aria-labelledby={`${htmlId}-cats`}>
              {categories.map((c) => (
                <Chip key={c.article_category_id} value={String(c.article_category_id)}>
                  {c.label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
      )}
      <FileInput
        label="Foto"
        description={`Eén jpg- of jpeg-bestand; je kiest de uitsnede hieronder${isNew ? '' : ' (zonder nieuwe foto blijft de huidige)'}.`}
        placeholder="Kies een foto"
        accept="image/jpeg,.jpg,.jpeg"
        required={isNew}
        clearable
        clearButtonProps={{ 'aria-label': 'Foto weghalen' }}
        value={file}
        onChange={(f) => void choose(f)}
        error={errors.image}
      />
      {src ? (
        <ImageCropper key={src} src={src} aspect={aspectOf(type)} onAreaChange={setArea} />
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
