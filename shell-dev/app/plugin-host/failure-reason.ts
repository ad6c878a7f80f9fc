/**
 * A plugin's load failure as the screens show it. The federation runtime's message carries, around
 * its cause, the call's arguments as JSON, a link to its troubleshooting page and a label line
 * ("Original Error Message:"): about 450 characters, which in the plugins page's status column at
 * 1280 px made one row some 600 px tall. The screens keep the runtime's headline with its code
 * (#RUNTIME-008, what to search for) and the cause (which names the address); the console keeps
 * the whole message.
 */
const NOISE = [/^args:\s/, /^View the docs to see how to solve:/, /^Original Error Message:\s*$/];

export function shownFailureReason(reason: string): string {
  if (!reason.startsWith('[ Federation Runtime ]')) return reason;
  return reason
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !NOISE.some((re) => re.test(line)))
    .join('\n');
}
