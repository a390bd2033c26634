import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { groupCitations } from './citation-groups';
import { CitationPanel } from './citation-panel';
import { buildCitation } from './test-messages';

const HTM = '01JDOC0000000000000000001';
const EAWR = '01JDOC0000000000000000002';

/** An answer citing HTM 06-01 three times and the EAWR once, between them, plus an attached file. */
const CITATIONS = [
  buildCitation({ n: 3, document_id: HTM, element_ids: ['e3'], quote: 'The AP(LV) issues permits.' }),
  buildCitation({ n: 1, document_id: HTM, element_ids: ['e1', 'e1b'], quote: 'The duty holder appoints a Designated Person.' }),
  buildCitation({
    n: 2,
    document_id: EAWR,
    code: 'EAWR 1989',
    title: 'Electricity at Work Regulations',
    element_ids: ['x'],
    quote: 'Reg 4.',
  }),
  buildCitation({ n: 4, document_id: HTM, element_ids: ['e4'], quote: 'Competent persons work under a permit.' }),
  buildCitation({ n: 5, source: 'attachment', document_id: '01JATT0000000000000000001', code: '', edition: '', title: 'policy.txt' }),
];

describe('groupCitations', () => {
  it('makes one group per document, in the order of first citation, passages in citation order', () => {
    const groups = groupCitations(CITATIONS);
    expect(groups.map((group) => group.document.document_id)).toEqual([HTM, EAWR, '01JATT0000000000000000001']);
    expect(groups.map((group) => group.citations.map((citation) => citation.n))).toEqual([[1, 3, 4], [2], [5]]);
    expect(groups[0]?.document.n).toBe(1);
  });

  it('keeps a library document and an attachment with the same id apart', () => {
    const groups = groupCitations([buildCitation({ n: 1 }), buildCitation({ n: 2, source: 'attachment' })]);
    expect(groups).toHaveLength(2);
  });
});

describe('CitationPanel', () => {
  function renderPanel(activeN: number | null) {
    return render(
      <MemoryRouter>
        <CitationPanel citations={CITATIONS} activeN={activeN} onClose={() => {}} />
      </MemoryRouter>,
    );
  }

  it('shows one card per document with its quoted passages, each opening the wiki at that passage', () => {
    renderPanel(3);
    const panel = screen.getByRole('complementary', { name: /^Sources/ });
    expect(panel.textContent).toContain('5 passages from 3 documents');
    const cards = within(panel)
      .getAllByRole('listitem')
      .filter((item) => item.hasAttribute('data-source-document'));
    expect(cards.map((card) => card.getAttribute('data-source-document'))).toEqual([HTM, EAWR, '01JATT0000000000000000001']);

    const htm = cards[0] as HTMLElement;
    expect(within(htm).getByRole('heading').textContent).toBe('Sources 1, 3, 4: Electrical services supply and distribution');
    const passages = within(htm).getByRole('list', { name: 'Passages quoted from HTM 06-01' });
    expect(
      within(passages)
        .getAllByRole('blockquote')
        .map((quote) => quote.textContent),
    ).toEqual(['The duty holder appoints a Designated Person.', 'The AP(LV) issues permits.', 'Competent persons work under a permit.']);
    expect(
      within(passages)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([`/wiki/${HTM}?element_ids=e1&element_ids=e1b`, `/wiki/${HTM}?element_ids=e3`, `/wiki/${HTM}?element_ids=e4`]);
    expect(within(passages).getAllByRole('link')[1]?.textContent).toContain('Open in the wiki: source 3, HTM 06-01');
    // The citation that was clicked is the marked passage.
    const current = panel.querySelector('[aria-current="true"]');
    expect(current?.getAttribute('data-citation-card')).toBe('3');

    // An attached file has no wiki page to open.
    expect(within(cards[2] as HTMLElement).queryByRole('link')).toBeNull();
    expect(cards[2]?.textContent).toContain('Your attached file');
  });

  it('does not speak of documents when every citation is its own', () => {
    render(
      <MemoryRouter>
        <CitationPanel citations={[buildCitation({ n: 1 })]} activeN={null} onClose={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('complementary').textContent).not.toContain('passages from');
  });
});
