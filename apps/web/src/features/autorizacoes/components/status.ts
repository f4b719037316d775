/** docs/produto/autorizacoes.md "States": what each status shows. Anything else is pendente. */
export type StatusVisual = {
  rotulo: string;
  variante: 'default' | 'secondary' | 'outline';
  icone: 'check' | 'clock' | 'done';
};

export function statusVisual(status: string | null | undefined): StatusVisual {
  switch ((status ?? '').trim().toLowerCase()) {
    case 'aprovado':
      return { rotulo: 'Aprovado', variante: 'default', icone: 'check' };
    case 'negado':
      return { rotulo: 'Concluído', variante: 'outline', icone: 'done' };
    default:
      return { rotulo: 'Pendente', variante: 'secondary', icone: 'clock' };
  }
}
