import { initials, type RequiredRole } from './roles-library.ts';
import { literal } from './roles-sources.ts';

/**
 * Whether a policy names a role, in any of the usual forms: the full title, its abbreviation
 * ("AE(HV)", "QC (MGPS)", "DPO", "WSG"), or the title with its service in words ("Authorising
 * Engineer for high voltage systems", "Water Authorising Engineer"). A title without a qualifier is
 * named by any mention of it, with or without words in front ("Consultant Microbiologist"); a
 * qualified one needs its service (any of "LV / HV" will do), unless the library only ever gives
 * its title for that one service (`serviceImplied`).
 */
export function policyNames(text: string, role: RequiredRole, serviceImplied = false): boolean {
  const heads = [literal(role.head), literal(initials(role.head))].filter((form) => form.length >= 2);
  const head = `(?:${heads.join('|')})s?`;
  if (!role.qualifier || serviceImplied) return new RegExp(`(?<![\\w-])${head}(?![\\w-])`, 'i').test(text);
  return role.qualifier.split(/\s*\/\s*/).some((qualifier) => {
    const service = `(?:${serviceForms(text, qualifier).map(literal).join('|')})`;
    return [
      `${head}\\s*\\(\\s*${service}\\s*\\)`,
      `${head}\\s+(?:for|of)\\s+(?:the\\s+)?${service}\\b`,
      `(?<![\\w-])${service}\\s+${head}`,
    ].some((pattern) => new RegExp(pattern, 'i').test(text));
  });
}

/** The ways a service qualifier is written: itself, its initial(s), and its expansion in the text. */
function serviceForms(text: string, qualifier: string): string[] {
  const forms = new Set([qualifier]);
  if (!/^[A-Z]{2,}$/.test(qualifier)) forms.add(initials(capitalise(qualifier)));
  else {
    const words = `[A-Za-z]+(?:[\\s-]+[A-Za-z]+){${qualifier.length - 1}}`;
    for (const match of text.matchAll(new RegExp(`(${words})\\s*\\(${qualifier}\\)`, 'g'))) {
      const expansion = match[1] ?? '';
      if (initials(capitalise(expansion.replace(/-/g, ' '))) === qualifier) forms.add(expansion);
    }
  }
  return [...forms].filter((form) => form.length > 0);
}

function capitalise(words: string): string {
  return words.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
}
