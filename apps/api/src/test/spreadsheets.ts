/** Text as Korean Excel saves it (code page 949), built from the platform decoder's own table. */
export function cp949(text: string): Buffer {
  const table = new Map<string, number[]>();
  const decoder = new TextDecoder('euc-kr');
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x41; trail <= 0xfe; trail++) {
      const char = decoder.decode(new Uint8Array([lead, trail]));
      if (char.length === 1 && char !== '\uFFFD' && !table.has(char)) table.set(char, [lead, trail]);
    }
  }
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else bytes.push(...(table.get(char) ?? [0x3f]));
  }
  return Buffer.from(bytes);
}
