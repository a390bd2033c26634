import { describe, expect, it } from 'vitest';
import { abroadOf, outsideOf, outsideSentence } from './outside.ts';

describe('abroadOf', () => {
  it('finds the place abroad whose rules a question asks about', () => {
    expect(abroadOf('we are helping a partner hospital in Ohio get ready for its accreditation survey')).toBe('ohio');
    expect(abroadOf('which UAE fire and life safety code would we work to?')).toBe('uae');
    expect(abroadOf('do US hospitals have to test generators monthly?')).toBe('us');
    expect(abroadOf('what do the New South Wales rules say about water tanks?')).toBe('new south wales');
    expect(abroadOf('we run a private hospital in Sydney. which Australian standard covers emergency lighting?')).toBe('in sydney');
    expect(abroadOf('which Australian standard covers emergency lighting testing?')).toBe('australian standard');
  });

  it('leaves alone places someone or something only comes from or went to, and words that are not places abroad', () => {
    expect(abroadOf('we are recruiting nurses from India - what checks do we need?')).toBeNull();
    expect(abroadOf('a resident came back from holiday in Spain with legionnaires disease')).toBeNull();
    expect(abroadOf('our new steriliser was made in Germany, is the UKCA mark enough?')).toBeNull();
    expect(abroadOf('do the Welsh and Northern Ireland rules differ from England?')).toBeNull();
    expect(abroadOf('can we serve turkey on china plates in the ward kitchen?')).toBeNull();
    expect(abroadOf('Sydney on nights says the US of the fire door is fine')).toBeNull();
  });
});

describe('outsideOf', () => {
  it('finds pay, pensions, tax and office software, which the library holds nothing on', () => {
    expect(outsideOf("what's the weekly statutory sick pay rate right now?")).toEqual({ kind: 'pay and tax', said: 'statutory sick pay' });
    expect(outsideOf('can the trust reclaim the VAT on the cleaning contract?')).toEqual({ kind: 'pay and tax', said: 'vat' });
    expect(outsideOf('how do I set up a recurring Teams meeting for the water safety group?')?.kind).toBe('software');
    expect(outsideOf('we run a hospital in Ohio - what does the fire code say?')).toEqual({ kind: 'abroad', said: 'ohio' });
    expect(outsideSentence({ kind: 'abroad', said: 'ohio' })).toBe(
      "This question is about another country's rules, which the library does not cover: it holds the health, safety, estates and care law and guidance of the UK's nations.",
    );
  });

  it('leaves alone charges to staff, which the PPE rules govern, and software named in a compliance question', () => {
    expect(outsideOf("can we take the cost of the estates team's safety boots out of their wages?")).toBeNull();
    expect(outsideOf('we keep the PPM log in Excel - is that acceptable as a record?')).toBeNull();
    expect(outsideOf('does the vat of disinfectant in the sluice need a COSHH assessment?')).toBeNull();
  });

  it('finds medicines, requests for writing or ideas, buying advice, the accounts and regulators the library does not hold', () => {
    expect(outsideOf('whats the usual starting dose of melatonin for a resident who cant sleep?')?.kind).toBe('medicines');
    expect(outsideOf('what INR range should we aim for?')?.kind).toBe('medicines');
    expect(outsideOf('can you write me a short leaving speech for our estates manager?')?.kind).toBe('writing');
    expect(outsideOf('can you suggest some fun team building activities for the away day?')?.kind).toBe('writing');
    expect(outsideOf('which make of ride on mower is best value for the grounds?')?.kind).toBe('buying');
    expect(outsideOf('ubiquiti or meraki access points, which is more reliable?')?.kind).toBe('buying');
    expect(outsideOf('how much stamp duty would we pay buying a care home building?')?.kind).toBe('pay and tax');
    expect(outsideOf('does OSHA make us keep an exposure control plan?')?.kind).toBe('regulator');
    expect(outsideSentence({ kind: 'medicines', said: 'dose of' })).toBe(
      "This question is about medicines and clinical treatment, which the library does not cover: it holds the health, safety, estates and care law and guidance of the UK's nations.",
    );
  });

  it("leaves alone the library's own doses, comparisons on compliance and ordinary words", () => {
    expect(outsideOf('what is the annual dose limit for the lens of the eye?')).toBeNull();
    expect(outsideOf('what is the maximum dose of radiation a classified worker can get?')).toBeNull();
    expect(outsideOf('copper silver ionisation or chlorine dioxide, which is better for infection control?')).toBeNull();
    expect(outsideOf('wet or dry riser, which is better for a six storey block?')).toBeNull();
    expect(outsideOf('who has to write a written scheme of examination for the autoclave?')).toBeNull();
    expect(outsideOf('do we need a Din rail isolator in the plant room?')).toBeNull();
  });
});
