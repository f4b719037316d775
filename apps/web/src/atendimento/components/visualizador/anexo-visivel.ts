/** An attachment as the viewer takes it (visualizador-de-anexo.tsx, and pdf.js's pages). */
export interface AnexoVisivel {
  id: string;
  nomeArquivo: string;
  tipoArquivo: string;
  /** Same-origin address of the bytes (the staff cookie goes with it; the read is audited). */
  url: string;
  /** The bytes, for pdf.js (fetched by the console's client, which knows the session). */
  bytes: () => Promise<Blob>;
}
