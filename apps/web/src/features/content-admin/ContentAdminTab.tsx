// Admin tab 'Kennis/Flyers' (SPEC 2): knowledge articles, flyers and categories, each with add, edit
// and delete (after a confirmation), and the success messages of SPEC 8.
import { useState } from 'react';
import { Alert, Button, Group, Image, Modal, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ArticleType } from '@umrah/domain/enums';
import { ARTICLE_MSG } from '@umrah/domain/validation/article';
import type { ArticleCategoryDto, ArticleDto } from '@umrah/domain/validation/contact';
import { EmptyState, LoadError, PageLoader } from '../../components/Feedback';
import { ApiError } from '../../lib/api';
import { fieldErrors } from '../../lib/form';
import { useArticleCategories, useArticles } from '../content/api';
import { deleteArticle, deleteCategory, saveCategory, useRefreshContent } from './api';
import { ArticleFormModal } from './ArticleFormModal';

type Editing = { type: number; article: ArticleDto | null } | null;
type Deleting = { kind: 'article'; article: ArticleDto } | { kind: 'category'; category: ArticleCategoryDto } | null;

function ArticleTable({ type, onEdit, onDelete }: { type: number; onEdit: (a: ArticleDto) => void; onDelete: (a: ArticleDto) => void }) {
  const list = useArticles(type);
  const noun = type === ArticleType.FLYER ? 'flyer' : 'artikel';
  if (list.isPending) return <PageLoader />;
  if (list.isError) return <LoadError />;
  if (list.data.length === 0) return <EmptyState>{type === ArticleType.FLYER ? 'Nog geen flyers.' : 'Geen kennis artikels gevonden.'}</EmptyState>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs" data-testid={type === ArticleType.FLYER ? 'admin-flyers' : 'admin-kennis'}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Foto</Table.Th>
            <Table.Th>Titel</Table.Th>
            <Table.Th>Categorieën</Table.Th>
            <Table.Th>
              <VisuallyHidden>Acties</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td w={90}>{a.img ? <Image src={a.img} alt="" h={48} w={64} fit="cover" radius="sm" /> : null}</Table.Td>
              <Table.Td>
                <Text fw={500}>{a.label}</Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {a.description}
                </Text>
              </Table.Td>
              <Table.Td>{a.categories.map((c) => c.label).join(', ')}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => onEdit(a)} aria-label={`${noun} ${a.label} wijzigen`}>
                    Wijzigen
                  </Button>
                  <Button size="xs" variant="light" color="red" onClick={() => onDelete(a)} aria-label={`${noun} ${a.label} verwijderen`}>
                    Verwijderen
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CategoryModal({ category, opened, onClose }: { category: ArticleCategoryDto | null; opened: boolean; onClose: () => void }) {
  const [label, setLabel] = useState(category?.label ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshContent();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!label.trim()) return setError(ARTICLE_MSG.categoryLabel);
    setBusy(true);
    try {
      await saveCategory(category?.article_category_id ?? null, label.trim());
      notifications.show({ color: 'green', message: category ? ARTICLE_MSG.categoryUpdated : ARTICLE_MSG.categoryCreated });
      await refresh();
      onClose();
    } catch (err) {
      // SPEC 8: category failures say 'Onbekende fout', unless the server named the field's problem.
      setError(fieldErrors(err).label ?? ARTICLE_MSG.unknown);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={category ? 'Categorie wijzigen' : 'Categorie toevoegen'} closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Naam"
            required
            maxLength={200}
            value={label}
            onChange={(e) => {
              setLabel(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
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

function DeleteModal({ deleting, onClose }: { deleting: Deleting; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshContent();
  const name = deleting?.kind === 'article' ? deleting.article.label : deleting?.category.label;
  const confirm = async () => {
    if (!deleting) return;
    setBusy(true);
    setError(null);
    try {
      if (deleting.kind === 'article') {
        await deleteArticle(deleting.article.id);
        notifications.show({ color: 'green', message: ARTICLE_MSG.deleted });
      } else {
        await deleteCategory(deleting.category.article_category_id);
        notifications.show({ color: 'green', message: ARTICLE_MSG.categoryDeleted });
      }
      await refresh();
      onClose();
    } catch (err) {
      setError(deleting.kind === 'article' && err instanceof ApiError ? err.message : ARTICLE_MSG.unknown);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={deleting !== null}
      onClose={() => {
        setError(null);
        onClose();
      }}
      title={deleting?.kind === 'category' ? 'Categorie verwijderen' : 'Verwijderen'}
      closeButtonProps={{ 'aria-label': 'Sluiten' }}
    >
      <Stack>
        <Text>
          Weet je zeker dat je <b>{name}</b> wilt verwijderen?
          {deleting?.kind === 'category' && ' De artikelen blijven bestaan.'}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Annuleren
          </Button>
          <Button color="red" onClick={confirm} loading={busy}>
            Verwijderen
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default function ContentAdminTab() {
  const categories = useArticleCategories();
  const [editing, setEditing] = useState<Editing>(null);
  const [category, setCategory] = useState<{ category: ArticleCategoryDto | null } | null>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const onDelete = (article: ArticleDto) => setDeleting({ kind: 'article', article });

  return (
    <Stack gap="xl">
      <Title order={2} size="h3">
        Kennis/Flyers
      </Title>
      {[ArticleType.ARTICLE, ArticleType.FLYER].map((type) => (
        <Stack key={type} gap="sm" component="section" aria-labelledby={`admin-content-${type}`}>
          <Group justify="space-between">
            <Title order={3} size="h4" id={`admin-content-${type}`}>
              {type === ArticleType.FLYER ? 'Flyers' : 'Kennis artikelen'}
            </Title>
            <Button onClick={() => setEditing({ type, article: null })}>{type === ArticleType.FLYER ? 'Flyer toevoegen' : 'Kennis toevoegen'}</Button>
          </Group>
          <ArticleTable type={type} onEdit={(article) => setEditing({ type, article })} onDelete={onDelete} />
        </Stack>
      ))}

      <Stack gap="sm" component="section" aria-labelledby="admin-content-cats">
        <Group justify="space-between">
          <Title order={3} size="h4" id="admin-content-cats">
            Categorieën
          </Title>
          <Button onClick={() => setCategory({ category: null })}>Categorie toevoegen</Button>
        </Group>
        {categories.isPending ? (
          <PageLoader />
        ) : categories.isError ? (
          <LoadError />
        ) : categories.data.length === 0 ? (
          <EmptyState>Nog geen categorieën.</EmptyState>
        ) : (
          <Table striped verticalSpacing="xs" data-testid="admin-categorieen">
            <Table.Tbody>
              {categories.data.map((c) => (
                <Table.Tr key={c.article_category_id}>
                  <Table.Td>{c.label}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end">
                      <Button size="xs" variant="light" onClick={() => setCategory({ category: c })} aria-label={`Categorie ${c.label} wijzigen`}>
                        Wijzigen
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => setDeleting({ kind: 'category', category: c })}
                        aria-label={`Categorie ${c.label} verwijderen`}
                      >
                        Verwijderen
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>

      {editing && (
        <ArticleFormModal
          key={`${editing.type}-${editing.article?.id ?? 'nieuw'}`}
          opened
          type={editing.type}
          article={editing.article}
          categories={categories.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      {category && <CategoryModal key={category.category?.article_category_id ?? 'nieuw'} opened category={category.category} onClose={() => setCategory(null)} />}
      <DeleteModal deleting={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
