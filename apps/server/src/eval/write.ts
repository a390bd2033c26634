/**
 * Writing-assistant evaluation: every meeting of the minutes set goes through the built-in
 * engine (not HTTP), with the seed library's codes for references, and is scored by the set's
 * rule (write-score.ts, the same as the set's score.py). Prints per meeting its action precision,
 * recall and F1, decision recall, due dates right, attendees and apologies exact, reference
 * recall, trap hits and time; then the aggregates: action P/R/F1 (micro and macro), owner
 * accuracy, due-date accuracy, decision recall, attendees and apologies exact, reference recall,
 * trap hits (and their share of the not-actions) and time per meeting; for a set whose meetings say
 * their `origin` (written, recorded), the action and decision figures of each; topics named after a
 * filler (a title of spoken fillers alone, "Mhm" or "Yeah, so"); and the superseded editions the
 * meetings mention that the engine found and flagged as superseded.
 * Usage: npm run eval:write [-- [--set dir] [--only meeting-id] [--verbose] [--predictions file.jsonl]]
 * (the set defaults to ../shared/eval/write-dev beside the checkout; --verbose prints each
 * meeting's predicted and gold items and what was missed; --predictions writes the predictions in
 * score.py's format).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { WriteFindings } from '@verity/shared';
import { builtinWriteEngine } from '../write/builtin.ts';
import { readTranscript } from '../write/transcript.ts';
import { type GoldMeeting, type MeetingScore, type PredictedMeeting, f1, scoreMeeting, scoreSet } from './write-score.ts';
import { libraryCodes, predictionOf, WRITE_DEV_SET_PATH } from './write-set.ts';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const setDir = option('--set') ?? WRITE_DEV_SET_PATH;
const predictionsFile = option('--predictions');

const only = option('--only');
const gold = readFileSync(join(setDir, 'annotations.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as GoldMeeting)
  .filter((meeting) => only === undefined || meeting.id === only);
const library = libraryCodes();
const today = new Date().toISOString().slice(0, 10);
const ratio = (value: number) => value.toFixed(3);

const rows: MeetingScore[] = [];
const predictions: PredictedMeeting[] = [];
const times: number[] = [];
/** A topic title made of spoken fillers and backchannel alone. */
const FILLER_TITLE =
  /^(?:(?:um+|uh+|erm*|er|ah+|oh+|mhm+|mm+|hmm+|uh-huh|yeah|yep|yes|okay|ok|right|so|well|like|and|but|you know|i mean)\b[\s,.!?…-]*)+$/i;
let fillerTopics = 0;
let topicsFound = 0;
const libraryStatus = new Map(library.map((document) => [document.code, document.status]));
let supersededSaid = 0;
let supersededFlagged = 0;
for (const meeting of gold) {
  const text = readFileSync(join(setDir, meeting.file), 'utf8');
  const started = performance.now();
  const transcript = readTranscript(text);
  const findings = await builtinWriteEngine.findings({ transcript, kind: 'minutes', library, today }, {});
  const elapsed = performance.now() - started;
  times.push(elapsed);
  const predicted = predictionOf(meeting.id, findings);
  predictions.push(predicted);
  topicsFound += findings.topics.length;
  fillerTopics += findings.topics.filter((topic) => FILLER_TITLE.test(topic.title.trim())).length;
  for (const code of meeting.references.filter((reference) => libraryStatus.get(reference) === 'superseded')) {
    supersededSaid++;
    if (findings.references.some((reference) => reference.code === code && reference.status === 'superseded')) supersededFlagged++;
  }
  const score = scoreMeeting(meeting, predicted);
  rows.push(score);
  const actions = f1(score.matched_actions, score.pred_actions, score.gold_actions);
  console.log(
    [
      meeting.id.padEnd(13),
      `actions P=${actions.precision.toFixed(2)} R=${actions.recall.toFixed(2)} F1=${actions.f1.toFixed(2)} (${score.matched_actions}/${score.pred_actions} of ${score.gold_actions})`,
      `decisions R=${(score.matched_decisions / Math.max(1, score.gold_decisions)).toFixed(2)}`,
      `due=${score.due_correct}/${score.matched_actions}`,
      `attendees=${score.attendees_exact}`,
      `apologies=${score.apologies_exact}`,
      `refs=${score.found_references}/${score.gold_references}`,
      `traps=${score.trap_hits}`,
      `${elapsed.toFixed(0)} ms`,
    ].join('  '),
  );
  if (verbose) printDetails(meeting, findings, predicted, score);
}

const notActions = gold.reduce((sum, meeting) => sum + meeting.not_actions.length, 0);
const set = scoreSet(rows, notActions);
console.log(`
meetings                    ${set.meetings}
action precision            ${ratio(set.action_precision)}
action recall               ${ratio(set.action_recall)}
action F1 (micro)           ${ratio(set.action_f1_micro)}   target ≥ 0.75
action F1 (macro)           ${ratio(set.action_f1_macro)}
owner accuracy              ${ratio(set.owner_accuracy)}   (actions matched on content whose owner is right)
due-date accuracy           ${ratio(set.due_accuracy_on_matched)}   (on matched actions)
decision recall             ${ratio(set.decision_recall)}   target ≥ 0.70
attendees exact             ${ratio(set.attendees_exact_rate)}   target 1.000
apologies exact             ${ratio(set.apologies_exact_rate)}
reference recall            ${ratio(set.reference_recall)}   target ≥ 0.90
trap hits                   ${set.trap_hits} of ${notActions} not-actions (${ratio(set.trap_rate)})   target ≤ 0.10
time per meeting            mean ${(times.reduce((a, b) => a + b, 0) / Math.max(1, times.length)).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`);

const origins = [...new Set(gold.map((meeting) => meeting.origin).filter((origin): origin is string => origin !== undefined))];
for (const origin of origins) {
  const members = gold.flatMap((meeting, i) => (meeting.origin === origin ? [i] : []));
  const part = scoreSet(
    members.map((i) => rows[i] as MeetingScore),
    members.reduce((sum, i) => sum + (gold[i]?.not_actions.length ?? 0), 0),
  );
  console.log(
    `${origin.padEnd(28)}${members.length} meetings: actions P ${ratio(part.action_precision)} R ${ratio(part.action_recall)} F1 ${ratio(part.action_f1_micro)}, decision recall ${ratio(part.decision_recall)}`,
  );
}
console.log(`topics named after a filler    ${fillerTopics} of ${topicsFound}   target 0`);
if (supersededSaid > 0) console.log(`superseded editions flagged    ${supersededFlagged} of ${supersededSaid} mentioned`);

if (predictionsFile) {
  writeFileSync(predictionsFile, `${predictions.map((prediction) => JSON.stringify(prediction)).join('\n')}\n`);
  console.log(`\npredictions written to ${predictionsFile}`);
}

/** Each meeting's found and gold items, side by side with what matched and what was missed. */
function printDetails(meeting: GoldMeeting, findings: WriteFindings, predicted: PredictedMeeting, score: MeetingScore): void {
  const goldFor = new Map(score.matches.map(([i, j]) => [j, i]));
  const matchedGold = new Set(score.matches.map(([i]) => i));
  const traps = new Set(score.traps);
  console.log(
    `  ${findings.title} · ${findings.meeting_date ?? '—'} (gold ${meeting.meeting_date}) · next ${findings.next_meeting_date ?? '—'}`,
  );
  console.log(`  attendees: ${findings.attendees.join(', ')}`);
  if (!score.attendees_exact) console.log(`    gold:    ${meeting.attendees.join(', ')}`);
  console.log(`  apologies: ${findings.apologies.join(', ')}`);
  if (!score.apologies_exact) console.log(`    gold:    ${meeting.apologies.join(', ')}`);
  console.log(`  topics: ${findings.topics.map((topic) => topic.title).join(' · ')}`);
  console.log('  actions found:');
  for (const [j, action] of findings.actions.entries()) {
    const i = goldFor.get(j);
    const mark = i !== undefined ? `✓ gold ${i + 1}` : traps.has(j) ? '✗ TRAP' : '✗';
    console.log(
      `    ${mark.padEnd(10)} [${action.owner}] ${action.action} — due ${action.due ?? '—'}${action.due_said ? ` ("${action.due_said}")` : ''} · lines ${action.lines.join(',')}`,
    );
  }
  console.log('  gold actions missed:');
  for (const [i, action] of meeting.actions.entries()) {
    if (!matchedGold.has(i))
      console.log(`    ${String(i + 1).padStart(2)} [${action.owner}] ${action.action} — due ${action.due ?? '—'} · "${action.evidence}"`);
  }
  const decidedGold = new Map(score.decisionMatches.map(([i, j]) => [j, i]));
  console.log('  decisions found:');
  for (const [j, decision] of findings.decisions.entries()) {
    const i = decidedGold.get(j);
    console.log(`    ${(i !== undefined ? `✓ gold ${i + 1}` : '✗').padEnd(10)} ${decision.text} · lines ${decision.lines.join(',')}`);
  }
  console.log('  gold decisions:');
  const matchedDecisions = new Set(score.decisionMatches.map(([i]) => i));
  for (const [i, decision] of meeting.decisions.entries())
    console.log(`    ${String(i + 1).padStart(2)} ${matchedDecisions.has(i) ? '✓' : '✗'} ${decision.text} · "${decision.evidence}"`);
  const missing = meeting.references.filter((code) => !(predicted.references ?? []).includes(code));
  console.log(`  references: ${(predicted.references ?? []).join(', ')}${missing.length > 0 ? `  (missed: ${missing.join(', ')})` : ''}`);
  console.log('');
}
