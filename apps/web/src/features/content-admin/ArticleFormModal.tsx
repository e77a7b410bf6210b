// Add or edit one knowledge article (type 0) or flyer (type 1): SPEC 5 'Article form' with its
// messages, one JPEG photo cropped in the browser, the html in a rich-text editor, category chips.
import { useEffect, useId, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { Alert, Button, Chip, FileInput, Group, Image, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ArticleType } from '@umrah/domain/enums';
import { ARTICLE_MSG, aspectOf, flyerCreatedMessage } from '@umrah/domain/validation/article';
import type { ArticleCategoryDto, ArticleDto } from '@umrah/domain/validation/contact';
import { ApiError } from '../../lib/api';
import { fieldErrors } from '../../lib/form';
import { saveArticle, useRefreshContent } from './api';
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
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshContent();

  // The object URL of the chosen picture lives as long as it is shown.
  useEffect(() => {
    if (!file) return setSrc(null);
    const url = URL.createObjectURL(file);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const set = <K extends keyof ArticleFormValues>(key: K, value: ArticleFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const choose = async (chosen: File | null) => {
    setArea(null);
    if (!chosen) {
      setFile(null);
      setValues((v) => ({ ...v, photoName: null }));
      setErrors(({ image: _gone, ...rest }) => rest);
      return;
    }
    const problem = await photoError(chosen);
    if (problem) {
      setFile(null);
      setValues((v) => ({ ...v, photoName: null }));
      setErrors((e) => ({ ...e, image: problem }));
      return;
    }
    setFile(chosen);
    setValues((v) => ({ ...v, photoName: chosen.name }));
    setErrors(({ image: _gone, ...rest }) => rest);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateArticleForm(values, isNew);
    // A refused file stays refused until another is chosen.
    if (errors.image && !values.photoName) found.image = errors.image;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      let image: { name: string; data: string } | undefined;
      if (file && src) {
        const blob = area ? await cropToJpeg(src, area) : file;
        image = { name: file.name, data: await blobToDataUrl(blob) };
      }
      const res = await saveArticle(article?.id ?? null, {
        type,
        label: values.label,
        description: values.description,
        html: values.html,
        categories: values.categories,
        ...(image ? { image } : {}),
      });
      notifications.show({
        color: 'green',
        message: !isNew ? ARTICLE_MSG.updated : isFlyer ? flyerCreatedMessage(res.article.id) : ARTICLE_MSG.created,
      });
      await refresh();
      onClose();
    } catch (err) {
      const fields = fieldErrors(err);
      // A field's message goes under the field (a refused photo under 'Foto'), anything else above the buttons.
      if (Object.keys(fields).length) setErrors(fields);
      else setFormError(err instanceof ApiError ? err.message : ARTICLE_MSG.unknown);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={`${noun} ${isNew ? 'toevoegen' : 'wijzigen'}`}
      closeButtonProps={{ 'aria-label': 'Sluiten' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Titel" required value={values.label} onChange={(e) => set('label', e.currentTarget.value)} error={errors.label} maxLength={200} />
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
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuleren
            </Button>
            <Button type="submit" loading={busy}>
              Opslaan
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
