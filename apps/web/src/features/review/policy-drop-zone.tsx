import { REVIEW_FILE_EXTENSIONS } from '@verity/shared';
import { extensionsSentence, FileDropZone, type FileDropZoneProps } from '../../components/file-drop-zone';

export const WRONG_POLICY_TYPE_MESSAGE = `Choose a policy file: ${extensionsSentence(REVIEW_FILE_EXTENSIONS)}.`;

export type PolicyDropZoneProps = Pick<FileDropZoneProps, 'file' | 'onFile' | 'onReject' | 'onChoose' | 'errorId' | 'invalid'>;

/** Drop a policy here or choose one: PDF, Word, Markdown or text. */
export function PolicyDropZone(props: PolicyDropZoneProps) {
  return (
    <FileDropZone
      {...props}
      extensions={REVIEW_FILE_EXTENSIONS}
      noun="a policy"
      label="Policy file"
      kinds="PDF, Word, Markdown or text"
      wrongTypeMessage={WRONG_POLICY_TYPE_MESSAGE}
    />
  );
}
