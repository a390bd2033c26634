import type { Citation } from '@verity/shared';
import { describe, expect, it } from 'vitest';
import { buildCopyText } from './copy-text';

const CURRENT: Citation = {
  n: 1,
  source: 'library',
  document_id: '01J00000000000000000000001',
  code: 'HTM 06-01',
  title: 'Electrical services supply and distribution',
  edition: '2017',
  status: 'current',
  element_ids: ['a'],
  quote: 'Fixed installations should be inspected\nat least every five years.',
  superseded_by: null,
};

const SUPERSEDED: Citation = {
  ...CURRENT,
  n: 2,
  document_id: '01J00000000000000000000002',
  code: 'HTM 06-01 (2007)',
  edition: '2007',
  status: 'superseded',
  quote: 'Periodic inspection at intervals.',
  superseded_by: { id: '01J00000000000000000000001', code: 'HTM 06-01', title: 'Electrical services' },
};

const ATTACHMENT: Citation = {
  ...CURRENT,
  n: 3,
  source: 'attachment',
  code: '',
  edition: '',
  title: 'water-policy.txt',
  quote: 'Little-used outlets are flushed twice weekly.',
};

describe('the copied answer', () => {
  it('drops markdown marks, keeps markers and list numbering, and appends the sources with their passages', () => {
    const text = buildCopyText(
      '## Inspection\n\n**Fixed installations** are inspected every five years [1][2].\n\n1. Test [3]\n2. Record\n\n**Sources**\n\n- HTM 06-01 [1][2]',
      [SUPERSEDED, CURRENT, ATTACHMENT],
    );
    expect(text).toBe(
      [
        'Inspection',
        '',
        'Fixed installations are inspected every five years [1][2].',
        '',
        '1. Test [3]',
        '2. Record',
        '',
        'Sources',
        '[1] HTM 06-01 Electrical services supply and distribution (2017)',
        '    “Fixed installations should be inspected at least every five years.”',
        '[2] HTM 06-01 (2007) Electrical services supply and distribution (2007)',
        '    Superseded: the current edition is HTM 06-01.',
        '    “Periodic inspection at intervals.”',
        '[3] Your attached file: water-policy.txt',
        '    “Little-used outlets are flushed twice weekly.”',
      ].join('\n'),
    );
  });

  it('copies a table as one line per row, cells between bars, line breaks inside a cell as semicolons', () => {
    expect(buildCopyText('| Role | Duties |\n|---|---|\n| **DP** | Appoints<br>Audits [1] |', [])).toBe(
      'Role | Duties\nDP | Appoints; Audits [1]',
    );
  });

  it('leaves an answer without citations as its text (its own Sources paragraph included)', () => {
    expect(buildCopyText('I could not find anything.\n\n- Browse the wiki', [])).toBe('I could not find anything.\n\n- Browse the wiki');
  });
});
