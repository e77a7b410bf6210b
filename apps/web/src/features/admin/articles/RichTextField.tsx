// The article html in Mantine's Tiptap editor. The editor only ever produces a few safe tags; the
// server sanitises whatever arrives anyway.
import '@mantine/tiptap/styles.css';
import { useEffect, useMemo } from 'react';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

const LABELS = {
  boldControlLabel: 'Vet',
  italicControlLabel: 'Cursief',
  underlineControlLabel: 'Onderstrepen',
  strikeControlLabel: 'Doorhalen',
  h2ControlLabel: 'Kop 2',
  h3ControlLabel: 'Kop 3',
  bulletListControlLabel: 'Opsomming',
  orderedListControlLabel: 'Genummerde lijst',
  blockquoteControlLabel: 'Citaat',
  linkControlLabel: 'Link invoegen',
  unlinkControlLabel: 'Link verwijderen',
  linkEditorInputLabel: 'Adres van de link',
  linkEditorInputPlaceholder: 'https://voorbeeld.nl/',
  linkEditorExternalLink: 'Openen in een nieuw venster',
  linkEditorInternalLink: 'Openen in hetzelfde venster',
  linkEditorSave: 'Opslaan',
  undoControlLabel: 'Ongedaan maken',
  redoControlLabel: 'Opnieuw',
};

export interface RichTextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: React.ReactNode;
  required?: boolean;
}

export function RichTextField({ id, label, value, onChange, error, required }: RichTextFieldProps) {
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  // The editable's accessible name, requiredness and error, given when created and again on change.
  const attributes = useMemo(
    () => ({
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': labelId,
      ...(required ? { 'aria-required': 'true' } : {}),
      ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
      'data-testid': 'kennis-editor',
    }),
    [labelId, errorId, required, error],
  );
  const editor = useEditor({
    // Tiptap 3's StarterKit brings its own link; Mantine's Link extension replaces it.
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
    content: value,
    immediatelyRender: false,
    editorProps: { attributes },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // The error state changes the editable's attributes without recreating the editor.
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes } });
  }, [editor, attributes]);

  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId, component: 'div' }} required={required} error={error} errorProps={{ id: errorId }}>
      <RichTextEditor editor={editor} labels={LABELS} mt={4}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={180} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
