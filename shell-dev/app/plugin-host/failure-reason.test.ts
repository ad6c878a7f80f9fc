import { shownFailureReason } from './failure-reason';

// What the federation runtime said for a missing remoteEntry.js (the browser's page, verbatim).
const MISSING_ENTRY = `[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008
args: {"remoteName":"software-repository","resourceUrl":"http://127.0.0.1:41743/apps/software-repository/remoteEntry.js"}
View the docs to see how to solve: https://module-federation.io/guide/troubleshooting/runtime#runtime-008
Original Error Message:
 ScriptNetworkError: Failed to load script "http://127.0.0.1:41743/apps/software-repository/remoteEntry.js" - the script URL is unreachable or the server returned an error (network failure, 404, CORS, etc.)`;

describe('shownFailureReason', () => {
  it('keeps the runtime\'s headline and the cause, without its arguments, docs link and label line', () => {
    expect(shownFailureReason(MISSING_ENTRY)).toBe(
      '[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008\n' +
        'ScriptNetworkError: Failed to load script "http://127.0.0.1:41743/apps/software-repository/remoteEntry.js" - the script URL is unreachable or the server returned an error (network failure, 404, CORS, etc.)',
    );
  });

  it('leaves the shell\'s own reasons as they are', () => {
    const own = 'Plugin x: the federation name is already loaded from /apps/y/';
    expect(shownFailureReason(own)).toBe(own);
    expect(shownFailureReason('args: a\nb')).toBe('args: a\nb');
  });
});
