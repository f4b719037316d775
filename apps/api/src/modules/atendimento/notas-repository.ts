import type { Queryable } from '../../db/db';

export interface NotaRow {
  id: string;
  texto: string;
  autorId: string;
  autorNome: string;
  criadoEm: string | Date;
}

/** Internal notes of the staff on a protocol (0039_notas_internas.sql); no member query reads them. */
export class NotasRepository {
  constructor(private readonly q: Queryable) {}

  /** The protocol's contract, for the audit row; undefined when there is no such protocol. */
  async contratoDoProtocolo(numero: string): Promise<string | undefined> {
    const [row] = await this.q.query<{ codigoContrato: string }>(
      'select codigo_contrato as "codigoContrato" from protocolos where numero = $1',
      [numero],
    );
    return row?.codigoContrato;
  }

  async doProtocolo(numero: string): Promise<NotaRow[]> {
    return this.q.query<NotaRow>(
      `select n.id::text as id, n.texto, n.autor::text as "autorId", e.nome as "autorNome", n.criado_em as "criadoEm"
         from notas_internas n join equipe_contas e on e.id = n.autor
        where n.protocolo = $1 order by n.id`,
      [numero],
    );
  }

  async inserir(n: { protocolo: string; texto: string; autor: string; em: Date }): Promise<NotaRow> {
    const [row] = await this.q.query<NotaRow>(
      `with n as (insert into notas_internas (protocolo, texto, autor, criado_em) values ($1, $2, $3, $4) returning *)
       select n.id::text as id, n.texto, n.autor::text as "autorId", e.nome as "autorNome", n.criado_em as "criadoEm"
         from n join equipe_contas e on e.id = n.autor`,
      [n.protocolo, n.texto, n.autor, n.em],
    );
    return row!;
  }
}
