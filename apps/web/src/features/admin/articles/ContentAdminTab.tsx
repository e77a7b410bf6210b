// Admin tab 'Kennis/Flyers' (docs/RULES.md, 'Screens'): knowledge articles, flyers and categories, each with add, edit
// and delete (after a confirmation), and the success messages of docs/RULES.md, 'Messages'.
import { useState } from 'react';
import { Button, Group, Image, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { ArticleType } from '@umrah/domain/enums';
import { ARTICLE_MSG } from '@umrah/domain/validation/article';
import type { ArticleCategoryDto, ArticleDto } from '@umrah/domain/validation/contact';
import { ConfirmModal } from '../../../components/admin-kit/ConfirmModal';
import { FormModal } from '../../../components/admin-kit/FormModal';
import { DataTable, type Column } from '../../../components/admin-kit/DataTable';
import { RowActions } from '../../../components/admin-kit/RowActions';
import { fieldErrors } from '../../../lib/form';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useArticleCategories, useArticles, useDeleteContent, useSaveCategory } from './api';
import { ArticleFormModal } from './ArticleFormModal';

type Editing = { type: number; article: ArticleDto | null } | null;
type Deleting = { kind: 'article'; article: ArticleDto } | { kind: 'category'; category: ArticleCategoryDto } | null;

function ArticleTable({ type, onEdit, onDelete }: { type: number; onEdit: (a: ArticleDto) => void; onDelete: (a: ArticleDto) => void }) {
  const list = useArticles(type);
  const noun = type === ArticleType.FLYER ? 'flyer' : 'artikel';
  const columns: Column<ArticleDto>[] = [
    { key: 'img', header: 'Foto', td: { w: 90 }, cell: (a) => (a.img ? <Image src={a.img} alt="" h={48} w={64} fit="cover" radius="sm" /> : null) },
    {
      key: 'label',
      header: 'Titel',
      cell: (a) => (
        <>
          <Text fw={500}>{a.label}</Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {a.description}
          </Text>
        </>
      ),
    },
    { key: 'categories', header: 'Categorieën', cell: (a) => a.categories.map((c) => c.label).join(', ') },
    {
      key: 'actions',
      header: <VisuallyHidden>Acties</VisuallyHidden>,
      cell: (a) => <EditDeleteActions name={`${noun} ${a.label}`} onEdit={() => onEdit(a)} onDelete={() => onDelete(a)} />,
    },
  ];
  return (
    <div data-testid={type === ArticleType.FLYER ? 'admin-flyers' : 'admin-kennis'}>
      <DataTable
        rows={list.data}
        isError={list.isError}
        loadingLabel="Laden..."
        empty={type === ArticleType.FLYER ? 'Nog geen flyers.' : 'Geen kennis artikels gevonden.'}
        columns={columns}
        rowKey={(a) => a.id}
        minWidth={560}
        highlightOnHover={false}
        verticalSpacing="xs"
      />
    </div>
  );
}

/** 'Wijzigen' and 'Verwijderen' of a row, named after what they act on ('artikel Zamzam wijzigen'). */
function EditDeleteActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <RowActions
      justify="flex-end"
      gap="xs"
      actions={[
        { label: 'Wijzigen', onClick: onEdit, ariaLabel: `${name} wijzigen` },
        { label: 'Verwijderen', color: 'red', onClick: onDelete, ariaLabel: `${name} verwijderen` },
      ]}
    />
  );
}

function CategoryModal({ category, opened, onClose }: { category: ArticleCategoryDto | null; opened: boolean; onClose: () => void }) {
  const [label, setLabel] = useState(category?.label ?? '');
  /** The name's own check, before any request. */
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useSaveCategory({
    onSuccess: () => {
      notifySuccess(category ? ARTICLE_MSG.categoryUpdated : ARTICLE_MSG.categoryCreated);
      onClose();
    },
  });
  // docs/RULES.md, 'Messages': category failures say 'Onbekende fout', unless the server named the field's problem.
  const error = invalid ?? (save.error ? (fieldErrors(save.error).label ?? ARTICLE_MSG.unknown) : null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!label.trim()) return setInvalid(ARTICLE_MSG.categoryLabel);
    save.mutate({ id: category?.article_category_id ?? null, label: label.trim() });
  };
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={category ? 'Categorie wijzigen' : 'Categorie toevoegen'}
      onSubmit={submit}
      busy={save.isPending}
    >
      <TextInput
        label="Naam"
        required
        maxLength={200}
        value={label}
        onChange={(e) => {
          setLabel(e.currentTarget.value);
          setInvalid(null);
          if (save.isError) save.reset();
        }}
        error={error}
        data-autofocus
      />
    </FormModal>
  );
}

function DeleteModal({ deleting, onClose }: { deleting: Deleting; onClose: () => void }) {
  const remove = useDeleteContent({
    onSuccess: (_res, item) => {
      notifySuccess(item.kind === 'article' ? ARTICLE_MSG.deleted : ARTICLE_MSG.categoryDeleted);
      onClose();
    },
  });
  const name = deleting?.kind === 'article' ? deleting.article.label : deleting?.category.label;
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!deleting) return;
    remove.mutate(
      deleting.kind === 'article' ? { kind: 'article', id: deleting.article.id } : { kind: 'category', id: deleting.category.article_category_id },
    );
  };
  return (
    <ConfirmModal
      opened={deleting !== null}
      onClose={close}
      title={deleting?.kind === 'category' ? 'Categorie verwijderen' : 'Verwijderen'}
      onConfirm={confirm}
      busy={remove.isPending}
      // A category's failure says 'Onbekende fout'; an article's the server's text.
      error={remove.variables?.kind === 'article' ? errorMessage(remove.error, ARTICLE_MSG.unknown) : remove.error ? ARTICLE_MSG.unknown : null}
    >
      <Text>
        Weet je zeker dat je <b>{name}</b> wilt verwijderen?
        {deleting?.kind === 'category' && ' De artikelen blijven bestaan.'}
      </Text>
    </ConfirmModal>
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
        <DataTable
          rows={categories.data}
          isError={categories.isError}
          loadingLabel="Laden..."
          empty="Nog geen categorieën."
          renderRows={(rows) => (
            <Table striped verticalSpacing="xs" data-testid="admin-categorieen">
              <Table.Tbody>
                {rows.map((c) => (
                  <Table.Tr key={c.article_category_id}>
                    <Table.Td>{c.label}</Table.Td>
                    <Table.Td>
                      <EditDeleteActions
                        name={`Categorie ${c.label}`}
                        onEdit={() => setCategory({ category: c })}
                        onDelete={() => setDeleting({ kind: 'category', category: c })}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        />
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
      {category && (
        <CategoryModal
          key={category.category?.article_category_id ?? 'nieuw'}
          opened
          category={category.category}
          onClose={() => setCategory(null)}
        />
      )}
      <DeleteModal deleting={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
