// ~1 KiB texts with some personal data, varied so no two consecutive requests are identical.
const NAMES = ['Jane Doe', 'Omar Haddad', 'Li Wei', 'Maria Garcia', 'Tom Becker', 'Aiko Tanaka', 'Sam Okafor', 'Eva Novak'];
const FILLER =
  'We reviewed the quarterly onboarding plan, the vendor questionnaire and the open support tickets. ' +
  'The team agreed to move the migration window to next Tuesday and to share the summary with the account owner. ';

export function textCheckBodies(count: number, targetBytes = 1024): string[] {
  return Array.from({ length: count }, (_, i) => {
    const name = NAMES[i % NAMES.length] ?? 'Jane Doe';
    const email = `${name.toLowerCase().replace(' ', '.')}${i}@example.com`;
    const phone = `(415) 555-${String(1000 + (i % 9000)).padStart(4, '0')}`;
    let text = `Hi team, please follow up with ${name} (${email}, ${phone}) about ticket ${4000 + i}. `;
    while (Buffer.byteLength(text) < targetBytes) text += FILLER;
    text = text.slice(0, targetBytes);
    return JSON.stringify({ text, destination: i % 3 === 0 ? 'VENDOR' : 'AI_TOOL' });
  });
}
