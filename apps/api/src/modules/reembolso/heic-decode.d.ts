declare module 'heic-decode' {
  interface Decodificada {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  interface Imagem {
    width: number;
    height: number;
    decode(): Promise<Decodificada>;
  }
  interface Decodificador {
    (p: { buffer: Uint8Array }): Promise<Decodificada>;
    /** Every image of the file, each with its size known before it is decoded. */
    all(p: { buffer: Uint8Array }): Promise<Imagem[] & { dispose(): void }>;
  }
  const decode: Decodificador;
  export default decode;
}
