import fs from 'node:fs';
import path from 'node:path';

/**
 * The widget dialog shows these previews in every language, so they carry no words (German users
 * read "online from 150 devices" otherwise): figures and shapes only.
 */
describe('widget preview images', () => {
  const files = fs.readdirSync(__dirname).filter((f) => f.endsWith('.svg'));

  it.each(files)('%s has no words', (file) => {
    const svg = fs.readFileSync(path.join(__dirname, file), 'utf8');
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(texts.filter((t) => /\p{L}/u.test(t))).toEqual([]);
  });
});
