// Why a set of EPD files is not read: a sentence in Chinese that names the file and what is wrong with it.
export class EpdRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EpdRefused';
  }
}

/** 「name」 as the messages quote a file; a long zip path keeps its end, where the file's own name is. */
export const quoted = (name: string): string => `「${name.length > 80 ? '…' + name.slice(-79) : name}」`;
