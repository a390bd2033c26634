import { WRITE_TITLE_MAX_LENGTH } from '@verity/shared';
import { RenameForm as TitleRenameForm } from '../../components/rename-form';
import { useRenameWriteDocument } from './api';

export const RENAME_FAILED_MESSAGE = 'The document could not be renamed. Please try again.';

export interface RenameFormProps {
  externalId: string;
  title: string;
  /** Called once the title is saved, or left unchanged. */
  onDone: () => void;
  /** The heading's size on the document page; the list's rows use the default. */
  size?: 'md' | 'lg';
}

/** Renames a document in place, in the list or in the document's header. */
export function RenameForm({ externalId, title, onDone, size = 'md' }: RenameFormProps) {
  const rename = useRenameWriteDocument();
  return (
    <TitleRenameForm
      current={title}
      maxLength={WRITE_TITLE_MAX_LENGTH}
      inputLabel="Document title"
      failedMessage={RENAME_FAILED_MESSAGE}
      onSave={(next) => rename.mutateAsync({ externalId, title: next })}
      onDone={onDone}
      className="min-w-0 flex-1"
      size={size}
    />
  );
}
