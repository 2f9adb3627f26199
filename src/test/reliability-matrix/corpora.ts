import { MOCK_SCENARIOS, type MockScenario } from '../../constants'
import { RETURN_PATH_CASES } from '../../lib/return-path.cases'

/**
 * The hostile inputs the reliability matrix tries everywhere. The screens and keys they are tried
 * on are in ./rows.tsx; add to these lists when a new kind of attack or corruption turns up.
 */

/** What a browser-storage value may be when another version, another tab, an extension or a person wrote it. */
export const CORRUPT_VALUES: readonly { label: string; raw: string }[] = [
  { label: 'empty', raw: '' },
  { label: 'not JSON', raw: '{not json' },
  { label: 'half a JSON object', raw: '{"a": 1' },
  { label: 'the word undefined', raw: 'undefined' },
  { label: 'null', raw: 'null' },
  { label: 'true', raw: 'true' },
  { label: 'a number', raw: '42' },
  { label: 'Infinity', raw: '1e309' },
  { label: 'a string', raw: '"a string"' },
  { label: 'an empty array', raw: '[]' },
  { label: 'an array', raw: '[1, "two", null, {}]' },
  { label: 'an empty object', raw: '{}' },
  { label: 'a __proto__ key', raw: '{"__proto__": {"polluted": true}}' },
  { label: 'a constructor.prototype key', raw: '{"constructor": {"prototype": {"polluted": true}}}' },
  { label: 'Object.prototype names as keys', raw: '{"toString": 1, "valueOf": "x", "hasOwnProperty": null, "isPrototypeOf": []}' },
  { label: 'the string "__proto__"', raw: '"__proto__"' },
  { label: 'the string "constructor"', raw: '"constructor"' },
  { label: 'the string "hasOwnProperty"', raw: '"hasOwnProperty"' },
  { label: 'the string "toString"', raw: '"toString"' },
  { label: 'a lone surrogate and control characters', raw: '"\\ud800\\u0000\\u001b[31m"' },
  { label: 'a huge string', raw: JSON.stringify('x'.repeat(1_000_000)) },
  { label: 'a huge object', raw: JSON.stringify({ huge: 'y'.repeat(500_000), list: Array.from({ length: 10_000 }, (_, i) => i) }) },
  { label: 'deep nesting', raw: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { label: 'nulls for every field', raw: '{"activeChatId": null, "chats": null, "order": null, "widths": null, "state": null, "sql": null}' },
]

/**
 * Markup and script in the places users and servers write text. Each calls `__xss()` if it ever
 * runs; none may run, and none may leave an element or a handler of its own in the page.
 */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>__xss()</script>',
  '<img src=x onerror=__xss()>',
  '<svg onload=__xss()>',
  '<svg><animate onbegin=__xss() attributeName=x dur=1s>',
  '<iframe src="javascript:__xss()"></iframe>',
  '"><script>__xss()</script>',
  "'><img src=x onerror=__xss()>",
  '" onmouseover="__xss()" x="',
  "' onfocus='__xss()' autofocus='",
  'javascript:__xss()',
  'JaVaScRiPt:__xss()',
  '<a href="javascript:__xss()">link</a>',
  '<body onload=__xss()>',
  '<details open ontoggle=__xss()>',
  '<input autofocus onfocus=__xss()>',
  '<video><source onerror=__xss()></video>',
  '<object data="javascript:__xss()"></object>',
  '<embed src="javascript:__xss()">',
  '<link rel=stylesheet href="javascript:__xss()">',
  '<meta http-equiv="refresh" content="0;url=javascript:__xss()">',
  '<base href="javascript:__xss()//">',
  '<form action="javascript:__xss()"><button>go</button></form>',
  '<style>@import "javascript:__xss()";</style>',
  '<div style="background:url(javascript:__xss())">x</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror=__xss()>',
  '<noscript><p title="</noscript><img src=x onerror=__xss()>">',
  '<!--<img src="--><img src=x onerror=__xss()//">',
  '<scr<script>ipt>__xss()</scr</script>ipt>',
  '%3Cscript%3E__xss()%3C%2Fscript%3E',
  '&lt;script&gt;__xss()&lt;/script&gt;',
  '\\u003cscript\\u003e__xss()\\u003c/script\\u003e',
  '{{constructor.constructor("__xss()")()}}',
  '${__xss()}',
  '[click me](javascript:__xss())',
  '[click me](JAVASCRIPT:__xss())',
  '[data](data:text/html;base64,PHNjcmlwdD5fX3hzcygpPC9zY3JpcHQ+)',
  '[quote](https://example.com" onclick="__xss())',
  '![image](x" onerror="__xss())',
  '**bold** `<script>__xss()</script>` <b onclick=__xss()>b</b>',
  '```html\n<script>__xss()</script>\n```',
]

/**
 * The named faults of mock-platform/handlers/scenarios.ts a write can meet. Every scenario is sorted here,
 * so a new one must say whether writes have to survive it.
 */
export const WRITE_FAULTS = ['server-error', 'network-error', 'rate-limited'] as const satisfies readonly MockScenario[]
export const NOT_WRITE_FAULTS: Record<Exclude<MockScenario, (typeof WRITE_FAULTS)[number]>, string> = {
  'profile-unauthorized': 'reads the profile only',
  'profile-not-found': 'reads the profile only; its creation is not user input',
  'profile-create-conflict': 'the profile creation is not user input',
  'profile-create-failure': 'the profile creation is not user input',
  'clock-skew': 'moves the server clock; writes succeed',
  'consent-unavailable': 'the consent categories read only',
  incident: 'the status page read only',
  'past-outage': 'the status page read only',
  slow: 'latency, not a fault: the write succeeds 2.5 s later',
}
export const ALL_SCENARIOS_SORTED = MOCK_SCENARIOS.every((s) => (WRITE_FAULTS as readonly string[]).includes(s) || s in NOT_WRITE_FAULTS)

/**
 * returnTo values: the case table of src/lib/return-path.cases.ts, and the ways to spell "another
 * site", "a script" or "sign in again" that attackers try.
 */
const HOSTS = ['evil.com', 'evil.com/org/acme', '@evil.com', 'evil.com?returnTo=/org', '127.0.0.1:4173']
const PREFIXES = [
  '//', '///', '\\\\', '/\\', '\\/', '/%2F', '/%2f', '%2F%2F', '/%5C', '/%09/', '/\t/', '/\n/', ' //', '\t//', '/.//', '/..//',
  'https://', 'http://', 'HTTPS://', 'https:', 'ftp://', '\uFF0F\uFF0F', '/\u2215', '//\u0000', 'javascript:', 'data:text/html,',
]
const SIGN_IN_TRAPS = ['/logout', '/logout/', '/logout?returnTo=/org', '/sign-in', '/sign-in/', '/sign-in?returnTo=%2Flogout', '/sign-up', '/sign-up?x=1', '/dashboard/logout', '/LOGOUT']
export const RETURN_TO_VALUES: readonly string[] = [
  ...new Set([
    ...RETURN_PATH_CASES.map(([, value]) => value ?? ''),
    ...PREFIXES.flatMap((prefix) => HOSTS.map((host) => `${prefix}${host}`)),
    ...SIGN_IN_TRAPS,
    'javascript:__xss()',
    '/org/acme#//evil.com',
    '/org/acme?next=//evil.com',
    '/%2e%2e/%2e%2e/evil',
    `/${'a/'.repeat(3000)}`,
  ]),
]
