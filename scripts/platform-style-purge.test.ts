// eslint-disable-next-line @typescript-eslint/no-require-imports -- the purge is a CommonJS script (.cjs) the build runs with node
const { purgeCss } = require('./platform-style-purge.cjs') as {
  purgeCss: (css: string, sources: string[]) => { css: string; rulesBefore: number; rulesDropped: number; varsDropped: number };
};

const SOURCE = `
  export const Row = () => <div className="card card-block">{x}</div>;
  const kind = 'info';
  export const Alert = () => <div className={\`alert-\${kind}\`} />;
  export const Icon = ({ name }) => <i className={\`dlt-c8y-icon-\${name}\`} />;
  defineNavigatorNode({ icon: 'bell' });
  const iconClass = (name) => \`c8y-icon \${name.replace(/^c8y-/, 'c8y-icon-')}\`;
  const groupNode = { icon: 'c8y-group' };
  const style = { color: 'var(--c8y-brand-primary)' };
`;

const purge = (css: string) => purgeCss(css, [SOURCE]).css.replace(/\s+/g, ' ').trim();

describe('platform stylesheet purge', () => {
  it('keeps rules whose classes the sources write and drops the others', () => {
    expect(purge('.card{a:1}.navbar{b:2}.card .card-block{c:3}.card .navbar{d:4}')).toBe('.card{a:1}.card .card-block{c:3}');
  });

  it('keeps element, attribute and id selectors, and drops only the unmatched selectors of a list', () => {
    expect(purge('body{a:1}[hidden]{b:2}#root{c:3}.card,.navbar,h1{d:4}')).toBe('body{a:1}[hidden]{b:2}#root{c:3}.card,h1{d:4}');
  });

  it('does not require the classes inside :not() and the other selector functions', () => {
    expect(purge('.card:not(.navbar){a:1}:where(.navbar) .card{b:2}.navbar:not(.card){c:3}')).toBe('.card:not(.navbar){a:1}:where(.navbar) .card{b:2}');
  });

  it('keeps every class of a prefix built at run time, but icons only when their name is a word of the sources', () => {
    expect(purge('.alert-danger{a:1}.dlt-c8y-icon-bell:before{b:2}.dlt-c8y-icon-rocket:before{c:3}')).toBe('.alert-danger{a:1}.dlt-c8y-icon-bell:before{b:2}');
  });

  it("keeps the older font's icons (c8yIcon's `c8y-<name>` is class c8y-icon-<name>) only when `c8y-<name>` is a word of the sources", () => {
    expect(purge('.c8y-icon-group:before{a:1}.c8y-icon-group-smart:before{b:2}.c8y-icon{c:3}')).toBe('.c8y-icon-group:before{a:1}.c8y-icon{c:3}');
  });

  it("keeps AG Grid's classes, which its code sets", () => {
    expect(purge('.ag-row{a:1}.ag-header-cell .navbar{b:2}')).toBe('.ag-row{a:1}');
  });

  it('drops @media blocks left empty, keeps keyframes and font faces', () => {
    expect(purge('@media (min-width:1px){.navbar{a:1}}@keyframes spin{from{b:0}to{b:1}}@font-face{font-family:x}')).toBe(
      '@keyframes spin{from{b:0}to{b:1}}@font-face{font-family:x}',
    );
  });

  it('keeps the custom properties something reads, through var() chains, and drops the rest', () => {
    const css = ':root{--c8y-brand-primary:var(--green);--green:#0a0;--unused:1px;--ag-x:2px;--only-by-dropped:3px}.card{color:var(--text)}.navbar{x:var(--only-by-dropped)}:root{--text:#111}';
    expect(purge(css)).toBe(':root{--c8y-brand-primary:var(--green);--green:#0a0;--ag-x:2px}.card{color:var(--text)}:root{--text:#111}');
  });

  it('counts what it dropped', () => {
    const r = purgeCss('.card{a:1}.navbar{b:2}:root{--unused:1}', [SOURCE]);
    expect([r.rulesBefore, r.rulesDropped, r.varsDropped]).toEqual([3, 1, 1]);
  });
});
