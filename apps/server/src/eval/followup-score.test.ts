import { describe, expect, it } from 'vitest';
import { answerBody, listItems, scoreCase, startsWithGreeting, type TurnsCase, wordCount } from './followup-score.ts';

const summary: TurnsCase = {
  id: 'c1',
  kind: 'summarise',
  turns: ['what temperature must hot water reach?', 'summarise that in two bullet points'],
  expected_codes: ['HTM 04-01 Part B'],
  must_mention: [['55 °C', '55C'], ['monthly']],
  must_decline: false,
  shape: { max_bullets: 2 },
};

describe('the multi-turn set scorer', () => {
  it('counts list items and words in the body only, not in the sources list', () => {
    const text = 'Lead sentence. [1]\n\n- One 55°C. [1]\n- Two monthly. [2]\n\n**Sources**\n\n- HTM 04-01 Part B [1]\n- HSG274 [2]';
    expect(answerBody(text)).not.toContain('HSG274');
    expect(listItems(text)).toHaveLength(2);
    expect(wordCount(text)).toBe(6);
  });

  it('passes a two-bullet summary keeping the facts and the first answer’s documents', () => {
    const final = {
      text: '- Hot water at 55 °C. [1]\n- Checked monthly. [2]\n\n**Sources**\n\n- a\n- b',
      codes: ['HTM 04-01 Part B'],
      numbers: [1, 2],
    };
    const score = scoreCase(summary, final, { text: 'long', codes: ['HTM 04-01 Part B'], numbers: [1] });
    expect(score.pass).toBe(true);
    expect(score.keptCitations).toBe(true);
  });

  it('fails a summary with too many bullets, and a decline of an in-library follow-up', () => {
    const many = { text: '- 55C [1]\n- monthly [1]\n- more [1]', codes: ['HTM 04-01 Part B'], numbers: [1] };
    expect(scoreCase(summary, many, null).shapePass).toBe(false);
    const declined = scoreCase(summary, { text: 'I could not find anything in the library', codes: [], numbers: [] }, null);
    expect(declined.declinePass).toBe(false);
  });

  it('asks a filter decline to put the refusal down to the filter, and a library decline not to', () => {
    const filtered: TurnsCase = {
      ...summary,
      kind: 'decline',
      turns: ['q'],
      expected_codes: [],
      must_mention: [],
      must_decline: true,
      decline_reason: 'filter',
      shape: {},
    };
    const byFilter = 'Your filter (domain "Equality") excludes the documents that cover this.';
    const byLibrary = 'I could not find anything in the library that answers this question.';
    expect(scoreCase(filtered, { text: byFilter, codes: [], numbers: [] }, null).declinePass).toBe(true);
    expect(scoreCase(filtered, { text: byLibrary, codes: [], numbers: [] }, null).declinePass).toBe(false);
    const nothing: TurnsCase = { ...filtered, decline_reason: 'nothing_in_library' };
    expect(scoreCase(nothing, { text: byLibrary, codes: [], numbers: [] }, null).declinePass).toBe(true);
    expect(scoreCase(nothing, { text: byFilter, codes: [], numbers: [] }, null).declinePass).toBe(false);
  });

  it('reads a greeting after an optional subject line', () => {
    expect(startsWithGreeting('Subject: Sharps\n\nDear ward managers,\n\nText')).toBe(true);
    expect(startsWithGreeting('**Subject:** Sharps\n\nHi all,')).toBe(true);
    expect(startsWithGreeting('The regulations say')).toBe(false);
  });
});
