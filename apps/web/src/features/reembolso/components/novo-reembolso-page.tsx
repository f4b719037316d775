import { formatBRL, formatCpf, formatDate, onlyDigits, somarDias } from '@portal/br';
import {
  CONSELHOS,
  LIMITES_REEMBOLSO,
  pagamentoMascarado,
  type PreviaReembolsoResponse,
  ROTULOS_TIPO_REEMBOLSO,
  type SolicitarReembolsoRequest,
  type SolicitarReembolsoResponse,
  solicitarReembolsoRequestSchema,
  TIPOS_COM_PEDIDO_MEDICO,
  TIPOS_REEMBOLSO,
  type TipoReembolso,
  UFS,
  type UltimoPagamentoResponse,
} from '@portal/contract';
import { ArrowLeft, Calculator, Pencil, Send } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Carregando, FalhaAoCarregar } from '@/components/membro/carregando';
import { PerfilInvalido } from '@/components/membro/perfil-invalido';
import { ProtocoloInfo } from '@/components/membro/protocolo-info';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { isApiError } from '@/lib/api-client';
import { useChaveDeEnvio } from '@/lib/idempotencia';
import { usePerfilAutenticado } from '@/lib/membro';
import { mensagemDoErro } from '@/lib/query-errors';
import {
  type BeneficiarioReembolso,
  useBeneficiariosReembolso,
  usePreviaReembolso,
  useSolicitarReembolso,
  useVerificarRecibo,
} from '../api/reembolsos';
import { useUltimoPagamento } from '../api/ultimo-pagamento';
import { AvisoReciboRepetido } from './aviso-recibo-repetido';
import { AvisoDosEnvios, CampoDeAnexos } from './campo-de-anexos';
import { hojeEmSaoPaulo, mascaraBRL, mascaraCpfCnpj, reaisDaMascara } from './formatos';
import { useAnexos } from './use-anexos';
import { EstimativaEmPalavras } from '@/components/reembolso/estimativa-em-palavras';

export function NovoReembolsoPage() {
  const perfil = usePerfilAutenticado();
  return (
    <div>
      <PageHeader title="Solicitar reembolso">
        <p className="max-w-3xl text-slate-800">
          Pagou uma consulta, exame ou terapia fora da rede? Envie os dados do atendimento e as fotos dos recibos. Antes
          de enviar, você vê uma estimativa do valor.
        </p>
      </PageHeader>
      <div className="space-y-6">
        <Link to="/reembolso" className={buttonVariants({ variant: 'link', size: 'inline' })}>
          <ArrowLeft aria-hidden="true" />
          Voltar para Reembolso
        </Link>
        {perfil ? <Formulario /> : <PerfilInvalido />}
      </div>
    </div>
  );
}

type FormaPagamento = 'pix' | 'conta';
type TipoChave = 'cpf' | 'email' | 'celular' | 'aleatoria';

interface Campos {
  cpfBeneficiario: string;
  tipo: TipoReembolso | '';
  codigoTuss: string;
  dataAtendimento: string;
  documento: string;
  nome: string;
  conselho: string;
  numeroConselho: string;
  ufConselho: string;
  valor: string;
  numeroRecibo: string;
  forma: FormaPagamento;
  tipoChave: TipoChave;
  chave: string;
  banco: string;
  agencia: string;
  conta: string;
  tipoConta: 'corrente' | 'poupanca' | '';
}

const VAZIO: Omit<Campos, 'cpfBeneficiario'> = {
  tipo: '',
  codigoTuss: '',
  dataAtendimento: '',
  documento: '',
  nome: '',
  conselho: '',
  numeroConselho: '',
  ufConselho: '',
  valor: '',
  numeroRecibo: '',
  forma: 'pix',
  tipoChave: 'cpf',
  chave: '',
  banco: '',
  agencia: '',
  conta: '',
  tipoConta: '',
};

const ROTULOS_CHAVE: Record<TipoChave, string> = {
  cpf: 'CPF do titular',
  email: 'E-mail',
  celular: 'Celular',
  aleatoria: 'Chave aleatória',
};

/** Titles of the 'Title. message' pair under a field (decision 0031) when the value is wrong. */
const TITULO_INVALIDO: Record<string, string> = {
  cpfBeneficiario: 'Beneficiário inválido',
  dataAtendimento: 'Data inválida',
  codigoTuss: 'Código inválido',
  'prestador.documento': 'CPF ou CNPJ inválido',
  'prestador.conselho': 'Registro incompleto',
  'prestador.numeroConselho': 'Registro inválido',
  valorPago: 'Valor inválido',
  numeroRecibo: 'Número inválido',
  'pagamento.chave': 'Chave PIX inválida',
  'pagamento.banco': 'Banco inválido',
  'pagamento.agencia': 'Agência inválida',
  'pagamento.conta': 'Conta inválida',
};

function erroCampo(campo: string, msg: string | undefined): ReactNode {
  if (!msg) return undefined;
  const titulo = /^(Informe|Selecione|Anexe)\b/.test(msg)
    ? 'Campo obrigatório'
    : (TITULO_INVALIDO[campo] ?? 'Dado inválido');
  return (
    <>
      <strong className="font-semibold">{titulo}.</strong> {msg}
    </>
  );
}

type Corpo = Omit<SolicitarReembolsoRequest, 'perfilAutenticado'>;

function montarCorpo(c: Campos, anexos: string[]): Corpo {
  const doc = onlyDigits(c.documento);
  const profissional = doc.length === 11;
  return {
    cpfBeneficiario: c.cpfBeneficiario,
    tipo: c.tipo as TipoReembolso,
    ...(c.codigoTuss.trim() ? { codigoTuss: c.codigoTuss.trim() } : {}),
    dataAtendimento: c.dataAtendimento,
    prestador: {
      documento: doc,
      nome: c.nome,
      ...(profissional && c.conselho ? { conselho: c.conselho as (typeof CONSELHOS)[number] } : {}),
      ...(profissional && c.numeroConselho ? { numeroConselho: c.numeroConselho } : {}),
      ...(profissional && c.ufConselho ? { ufConselho: c.ufConselho as (typeof UFS)[number] } : {}),
    },
    valorPago: reaisDaMascara(c.valor) ?? (undefined as unknown as number),
    numeroRecibo: c.numeroRecibo,
    anexos,
    pagamento:
      c.forma === 'pix'
        ? {
            forma: 'pix',
            tipoChave: c.tipoChave,
            chave: c.tipoChave === 'cpf' || c.tipoChave === 'celular' ? onlyDigits(c.chave) : c.chave,
          }
        : {
            forma: 'conta',
            banco: c.banco,
            agencia: c.agencia,
            conta: c.conta,
            tipoConta: c.tipoConta as 'corrente' | 'poupanca',
          },
  };
}

/** The operator's limit (the server refuses older dates with the same words). */
const ANTIGA_DEMAIS =
  `O reembolso pode ser pedido até ${LIMITES_REEMBOLSO.diasMaximosAtendimento} dias após o atendimento. ` +
  'Para atendimentos mais antigos, fale com a Central de Atendimento.';

/** The oldest date of care a request may have, from today (AAAA-MM-DD). */
const dataMaisAntiga = (hoje: string) => somarDias(hoje, -LIMITES_REEMBOLSO.diasMaximosAtendimento);

/** The form's own checks (the contract's schema, then what the schema cannot know). */
function validar(
  c: Campos,
  corpo: Corpo,
  anexos: ReturnType<typeof useAnexos>,
  codigoSessao: number,
): Record<string, string> {
  const erros: Record<string, string> = {};
  const r = solicitarReembolsoRequestSchema.safeParse({ perfilAutenticado: { codigoSessao }, ...corpo });
  if (!r.success) {
    for (const issue of r.error.issues) {
      const campo = issue.path.join('.');
      if (campo === 'anexos') continue;
      erros[campo] ??= issue.message;
    }
  }
  if (!c.tipo) erros.tipo = 'Selecione o tipo de atendimento.';
  if (c.dataAtendimento && c.dataAtendimento > hojeEmSaoPaulo())
    erros.dataAtendimento = 'A data do atendimento não pode ser no futuro.';
  else if (c.dataAtendimento && c.dataAtendimento < dataMaisAntiga(hojeEmSaoPaulo()))
    erros.dataAtendimento = ANTIGA_DEMAIS;
  if (!anexos.documentosEnviados.has('comprovante_pagamento'))
    erros['anexo.comprovante_pagamento'] = 'Anexe o comprovante de pagamento ou o recibo.';
  if (c.tipo && TIPOS_COM_PEDIDO_MEDICO.includes(c.tipo) && !anexos.documentosEnviados.has('pedido_medico'))
    erros['anexo.pedido_medico'] =
      `Anexe o pedido médico: ${ROTULOS_TIPO_REEMBOLSO[c.tipo].toLowerCase()} precisa dele.`;
  if (anexos.enviando) erros.anexos = 'Aguarde o fim do envio dos arquivos.';
  else if (anexos.aguardandoConexao)
    erros.anexos = 'Sem conexão: aguarde a conexão voltar para os arquivos serem enviados.';
  else if (anexos.comErro) erros.anexos = 'Remova ou envie de novo os arquivos que não foram enviados.';
  else if (anexos.ids.length > LIMITES_REEMBOLSO.arquivosPorPedido)
    erros.anexos = `Anexe no máximo ${LIMITES_REEMBOLSO.arquivosPorPedido} arquivos.`;
  return erros;
}

function Formulario() {
  const beneficiarios = useBeneficiariosReembolso();
  const ultimoPagamento = useUltimoPagamento();
  // The payment data offered (issue 31) decides what the form starts with; without it (a failure)
  // the member types them, as on a first request.
  if (beneficiarios.isPending || ultimoPagamento.isPending) return <Carregando label="Carregando beneficiários..." />;
  if (beneficiarios.isError) return <FalhaAoCarregar onTentarNovamente={() => void beneficiarios.refetch()} />;
  if (beneficiarios.data.length === 0)
    return (
      <Alert variant="warning" title="Nenhum beneficiário ativo">
        Não há beneficiário com cobertura ativa para pedir reembolso.
      </Alert>
    );
  return <FormularioReembolso beneficiarios={beneficiarios.data} oferta={ultimoPagamento.data ?? null} />;
}

/**
 * What 'Dados para pagamento' starts with (issue 31): the last request's data, or else the holder's
 * own CPF as the PIX key; null when there is nothing to offer.
 */
function pagamentoOferecido(
  oferta: UltimoPagamentoResponse | null,
): Pick<Campos, 'forma' | 'tipoChave' | 'chave' | 'banco' | 'agencia' | 'conta' | 'tipoConta'> | null {
  const p = oferta?.pagamento;
  if (p?.forma === 'conta') {
    return { ...VAZIO, forma: 'conta', banco: p.banco, agencia: p.agencia, conta: p.conta, tipoConta: p.tipoConta };
  }
  if (p?.forma === 'pix') {
    return {
      ...VAZIO,
      forma: 'pix',
      tipoChave: p.tipoChave,
      chave: p.tipoChave === 'cpf' ? formatCpfParcial(p.chave) : p.chave,
    };
  }
  if (oferta?.cpfTitular) return { ...VAZIO, forma: 'pix', tipoChave: 'cpf', chave: formatCpf(oferta.cpfTitular) };
  return null;
}

function FormularioReembolso({
  beneficiarios,
  oferta,
}: {
  beneficiarios: BeneficiarioReembolso[];
  oferta: UltimoPagamentoResponse | null;
}) {
  const perfil = usePerfilAutenticado()!;
  const anexos = useAnexos();
  const previa = usePreviaReembolso();
  const solicitar = useSolicitarReembolso();
  const verificar = useVerificarRecibo();
  const chave = useChaveDeEnvio();
  const [oferecido] = useState(() => pagamentoOferecido(oferta));
  const [c, setC] = useState<Campos>(() => ({ ...VAZIO, ...oferecido, cpfBeneficiario: beneficiarios[0]!.cpf }));
  // The offered data is shown masked (a shared phone) until the member chooses to change it.
  const [alterandoPagamento, setAlterandoPagamento] = useState(oferecido === null);
  const formaRef = useRef<HTMLFieldSetElement>(null);
  // From the first 'Ver prévia' on, the errors follow the fields: each goes as soon as it is fixed.
  const [tentativa, setTentativa] = useState(0);
  const [estimativa, setEstimativa] = useState<{ corpo: string; r: PreviaReembolsoResponse } | null>(null);
  const [recusa, setRecusa] = useState<string | null>(null);
  const [feito, setFeito] = useState<SolicitarReembolsoResponse | null>(null);
  // The receipt already sent by the contract (decision 0056), for the receipt it was asked about.
  const [repetido, setRepetido] = useState<{ recibo: string; mensagem: string } | null>(null);
  const [outroAtendimento, setOutroAtendimento] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const previaRef = useRef<HTMLElement>(null);
  const feitoRef = useRef<HTMLDivElement>(null);

  const corpo = montarCorpo(c, anexos.ids);
  const corpoJson = JSON.stringify(corpo);
  const erros = tentativa > 0 ? validar(c, corpo, anexos, perfil.codigoSessao) : {};
  const previaValida = estimativa && estimativa.corpo === corpoJson ? estimativa.r : null;
  const recibo = JSON.stringify([corpo.prestador.documento, c.numeroRecibo.trim(), c.dataAtendimento]);
  const avisoRepetido = repetido?.recibo === recibo ? repetido.mensagem : null;
  const avisarRepetido = (mensagem: string) => {
    setRepetido({ recibo, mensagem });
    setOutroAtendimento(false);
  };

  // After a failed check, the first wrong field gets the focus (its message is read with it).
  useEffect(() => {
    if (tentativa === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[data-invalido] button')?.focus();
  }, [tentativa]);
  useEffect(() => {
    if (previaValida) previaRef.current?.focus();
  }, [previaValida]);
  useEffect(() => {
    if (feito) feitoRef.current?.focus();
  }, [feito]);

  const set = <K extends keyof Campos>(k: K, v: Campos[K]) => setC((a) => ({ ...a, [k]: v }));
  const erro = (campo: string) => erroCampo(campo, erros[campo]);
  // A wrong payment field (the server's rule changed since) opens the fields, with its message.
  const camposDePagamento = alterandoPagamento || Object.keys(erros).some((k) => k.startsWith('pagamento'));
  const alterarPagamento = () => {
    setAlterandoPagamento(true);
    // The button goes away with the summary: the focus moves to the choice that replaces it.
    requestAnimationFrame(() => formaRef.current?.querySelector<HTMLInputElement>('input:checked')?.focus());
  };

  const verPrevia = (e: FormEvent) => {
    e.preventDefault();
    setRecusa(null);
    setTentativa((t) => t + 1);
    if (Object.keys(validar(c, corpo, anexos, perfil.codigoSessao)).length > 0) return;
    const pedido = {
      tipo: corpo.tipo,
      valorPago: corpo.valorPago,
      ...(corpo.codigoTuss ? { codigoTuss: corpo.codigoTuss } : {}),
    };
    verificar.mutate(
      {
        prestadorDocumento: corpo.prestador.documento,
        numeroRecibo: corpo.numeroRecibo,
        dataAtendimento: corpo.dataAtendimento,
      },
      { onSuccess: (r) => (r.repetido && r.mensagem ? avisarRepetido(r.mensagem) : setRepetido(null)) },
    );
    previa.mutate(pedido, {
      onSuccess: (r) => setEstimativa({ corpo: corpoJson, r }),
      onError: (err) => setRecusa(mensagemDoErro(err, 'Não foi possível calcular a estimativa. Tente novamente.')),
    });
  };

  const enviar = () => {
    setRecusa(null);
    const pedido = avisoRepetido && outroAtendimento ? { ...corpo, confirmarReciboRepetido: true } : corpo;
    solicitar.mutate(
      { corpo: pedido, chave: chave.para(pedido) },
      {
        onSuccess: (r) => {
          chave.concluir();
          setFeito(r);
        },
        onError: (err) =>
          isApiError(err) && err.code === 'RECIBO_REPETIDO' && err.serverMessage
            ? avisarRepetido(err.serverMessage)
            : setRecusa(mensagemDoErro(err, 'Não foi possível enviar a solicitação. Tente novamente.')),
      },
    );
  };

  if (feito) {
    return (
      <div ref={feitoRef} tabIndex={-1} className="max-w-3xl space-y-4 outline-none">
        <Alert variant="success" title="Solicitação de reembolso enviada">
          <p>{feito.mensagem}</p>
          <ProtocoloInfo protocolo={feito.protocolo} className="mt-3 bg-white" />
          <p className="mt-3">
            Prazo para pagamento: até <strong>{formatDate(feito.prazoPagamento)}</strong> (30 dias a partir da
            documentação completa, Lei 9.656/98).
          </p>
        </Alert>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to={`/reembolso/${feito.protocolo}`} className={buttonVariants()}>
            Acompanhar solicitação
          </Link>
          <Link to="/reembolso" className={buttonVariants({ variant: 'outline' })}>
            Ver meus reembolsos
          </Link>
        </div>
      </div>
    );
  }

  const profissional = onlyDigits(c.documento).length === 11;
  const precisaPedido = c.tipo !== '' && TIPOS_COM_PEDIDO_MEDICO.includes(c.tipo);
  const hoje = hojeEmSaoPaulo();

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={verPrevia}
      className="grid max-w-3xl gap-6"
      aria-label="Pedido de reembolso"
    >
      <Card aria-labelledby="reembolso-atendimento">
        <CardTitle id="reembolso-atendimento" className="mb-4">
          Atendimento
        </CardTitle>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Beneficiário atendido"
            className="sm:col-span-2"
            hint={beneficiarios.length === 1 ? 'O reembolso é pedido para você.' : undefined}
            error={erro('cpfBeneficiario')}
          >
            {(ctl) => (
              <NativeSelect
                {...ctl}
                value={c.cpfBeneficiario}
                disabled={beneficiarios.length <= 1}
                onChange={(e) => set('cpfBeneficiario', e.target.value)}
              >
                {beneficiarios.map((b) => (
                  <option key={b.cpf} value={b.cpf}>
                    {b.nome} (CPF {formatCpf(b.cpf)})
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label="Tipo de atendimento" error={erro('tipo')}>
            {(ctl) => (
              <NativeSelect {...ctl} value={c.tipo} onChange={(e) => set('tipo', e.target.value as TipoReembolso)}>
                <option value="">Selecione</option>
                {TIPOS_REEMBOLSO.map((t) => (
                  <option key={t} value={t}>
                    {ROTULOS_TIPO_REEMBOLSO[t]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField
            label="Data do atendimento"
            // A row of its own: the hint would push its field below the type's, beside it.
            className="sm:col-span-2"
            // Known before filling (issue 31): the limit is said under the label and the picker stops there.
            hint={`Atendimentos dos últimos ${LIMITES_REEMBOLSO.diasMaximosAtendimento} dias: desde ${formatDate(dataMaisAntiga(hoje))}.`}
            error={erro('dataAtendimento')}
          >
            {(ctl) => (
              <Input
                {...ctl}
                type="date"
                className="sm:max-w-xs"
                min={dataMaisAntiga(hoje)}
                max={hoje}
                value={c.dataAtendimento}
                onChange={(e) => set('dataAtendimento', e.target.value)}
              />
            )}
          </FormField>
          <FormField
            label="Código TUSS (opcional)"
            hint="Se o recibo informar o código do procedimento (8 números), a estimativa fica mais precisa."
            className="sm:col-span-2"
            error={erro('codigoTuss')}
          >
            {(ctl) => (
              <Input
                {...ctl}
                inputMode="numeric"
                maxLength={8}
                autoComplete="off"
                value={c.codigoTuss}
                onChange={(e) => set('codigoTuss', onlyDigits(e.target.value).slice(0, 8))}
              />
            )}
          </FormField>
        </div>
      </Card>

      <Card aria-labelledby="reembolso-prestador">
        <CardTitle id="reembolso-prestador" className="mb-4">
          Prestador
        </CardTitle>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="CPF ou CNPJ do prestador"
            hint="CPF de um profissional ou CNPJ de clínica, laboratório ou hospital."
            error={erro('prestador.documento')}
          >
            {(ctl) => (
              <Input
                {...ctl}
                inputMode="numeric"
                autoComplete="off"
                maxLength={18}
                value={c.documento}
                onChange={(e) => set('documento', mascaraCpfCnpj(e.target.value))}
              />
            )}
          </FormField>
          <FormField label="Nome do prestador" error={erro('prestador.nome')}>
            {(ctl) => <Input {...ctl} maxLength={120} value={c.nome} onChange={(e) => set('nome', e.target.value)} />}
          </FormField>
          {profissional ? (
            <>
              <FormField label="Conselho profissional" error={erro('prestador.conselho')}>
                {(ctl) => (
                  <NativeSelect {...ctl} value={c.conselho} onChange={(e) => set('conselho', e.target.value)}>
                    <option value="">Selecione</option>
                    {CONSELHOS.map((x) => (
                      <option key={x} value={x}>
                        {x}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <div className="grid grid-cols-[1fr_7rem] gap-4">
                <FormField label="Número no conselho" error={erro('prestador.numeroConselho')}>
                  {(ctl) => (
                    <Input
                      {...ctl}
                      inputMode="numeric"
                      maxLength={10}
                      value={c.numeroConselho}
                      onChange={(e) => set('numeroConselho', onlyDigits(e.target.value))}
                    />
                  )}
                </FormField>
                <FormField label="UF" error={erro('prestador.ufConselho')}>
                  {(ctl) => (
                    <NativeSelect {...ctl} value={c.ufConselho} onChange={(e) => set('ufConselho', e.target.value)}>
                      <option value="">UF</option>
                      {UFS.map((u) => (
                        <option key={u} value={u}>
                          {u}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
              </div>
            </>
          ) : null}
        </div>
      </Card>

      <Card aria-labelledby="reembolso-valor">
        <CardTitle id="reembolso-valor" className="mb-4">
          Valor e recibo
        </CardTitle>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Valor pago" error={erro('valorPago')}>
            {(ctl) => (
              <Input
                {...ctl}
                inputMode="numeric"
                autoComplete="off"
                placeholder="R$ 0,00"
                value={c.valor}
                onChange={(e) => set('valor', mascaraBRL(e.target.value))}
              />
            )}
          </FormField>
          <FormField
            label="Número do recibo ou da nota fiscal"
            hint="No Receita Saúde, o número do recibo emitido pelo profissional."
            error={erro('numeroRecibo')}
          >
            {(ctl) => (
              <Input
                {...ctl}
                maxLength={44}
                autoComplete="off"
                value={c.numeroRecibo}
                onChange={(e) => set('numeroRecibo', e.target.value)}
              />
            )}
          </FormField>
        </div>
      </Card>

      <Card aria-labelledby="reembolso-documentos">
        <CardTitle id="reembolso-documentos" className="mb-1">
          Documentos
        </CardTitle>
        <p className="mb-4 text-sm text-slate-700">
          Fotos nítidas ou PDF (JPEG, PNG, HEIC ou PDF), até {LIMITES_REEMBOLSO.bytesPorArquivo / 1024 ** 2} MB cada e{' '}
          {LIMITES_REEMBOLSO.arquivosPorPedido} arquivos no total. Cada arquivo é enviado na hora; a localização da foto
          é apagada.
        </p>
        <div className="grid gap-4">
          <AvisoDosEnvios anexos={anexos} />
          <CampoDeAnexos
            documento="comprovante_pagamento"
            titulo="Comprovante de pagamento"
            dica="Recibo assinado, comprovante do cartão, PIX ou transferência."
            anexos={anexos}
            erro={erroCampo('anexo', erros['anexo.comprovante_pagamento'])}
          />
          {precisaPedido ? (
            <CampoDeAnexos
              documento="pedido_medico"
              titulo="Pedido médico"
              dica="O pedido ou a prescrição com a data, o nome do médico e o CRM."
              anexos={anexos}
              erro={erroCampo('anexo', erros['anexo.pedido_medico'])}
            />
          ) : null}
          <CampoDeAnexos
            documento="nota_fiscal"
            titulo="Nota fiscal ou recibo"
            dica="A nota fiscal da clínica ou o recibo do profissional, se for outro documento."
            anexos={anexos}
          />
          {erros.anexos ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {erroCampo('anexos', erros.anexos)}
            </p>
          ) : null}
        </div>
      </Card>

      <Card aria-labelledby="reembolso-pagamento">
        <CardTitle id="reembolso-pagamento" className="mb-1">
          Dados para pagamento
        </CardTitle>
        <p className="mb-4 text-sm text-slate-700">O reembolso é pago ao titular do plano.</p>
        {camposDePagamento ? null : (
          <div className="space-y-3 rounded-lg border border-slate-300 bg-slate-50 p-4">
            <p className="text-sm text-slate-700">
              {oferta?.pagamento && oferta.usadoEm
                ? `Os mesmos dados do seu último pedido (${formatDate(oferta.usadoEm)}):`
                : 'Sua chave PIX é o seu CPF:'}
            </p>
            <p className="break-words font-semibold text-slate-900" data-pagamento-oferecido="">
              {pagamentoMascarado(corpo.pagamento)}
            </p>
            <Button variant="outline" onClick={alterarPagamento}>
              <Pencil aria-hidden="true" />
              Alterar dados de pagamento
            </Button>
          </div>
        )}
        {camposDePagamento ? (
          <>
            <fieldset ref={formaRef} className="mb-4">
              <legend className="mb-2 font-semibold text-slate-800">Receber por</legend>
              <div className="flex flex-col gap-2 sm:flex-row">
                {(['pix', 'conta'] as const).map((f) => (
                  <label
                    key={f}
                    className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border-2 border-slate-300 px-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                  >
                    <input
                      type="radio"
                      name="forma"
                      value={f}
                      checked={c.forma === f}
                      onChange={() => set('forma', f)}
                      // 24 px: WCAG 2.2's target size (axe target-size), the whole label still takes the tap.
                      className="size-6 accent-brand-700"
                    />
                    {f === 'pix' ? 'PIX' : 'Conta bancária'}
                  </label>
                ))}
              </div>
            </fieldset>
            {c.forma === 'pix' ? (
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="Tipo de chave" error={erro('pagamento.tipoChave')}>
                  {(ctl) => (
                    <NativeSelect
                      {...ctl}
                      value={c.tipoChave}
                      onChange={(e) => {
                        const tipoChave = e.target.value as TipoChave;
                        set('tipoChave', tipoChave);
                        // The holder's own CPF is offered as the CPF key (issue 31); any other key starts empty.
                        set('chave', tipoChave === 'cpf' && oferta?.cpfTitular ? formatCpf(oferta.cpfTitular) : '');
                      }}
                    >
                      {(Object.keys(ROTULOS_CHAVE) as TipoChave[]).map((t) => (
                        <option key={t} value={t}>
                          {ROTULOS_CHAVE[t]}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
                <FormField
                  label="Chave PIX"
                  hint={c.tipoChave === 'cpf' ? 'A chave CPF precisa ser do próprio titular.' : undefined}
                  error={erro('pagamento.chave')}
                >
                  {(ctl) => (
                    <Input
                      {...ctl}
                      inputMode={
                        c.tipoChave === 'cpf' || c.tipoChave === 'celular'
                          ? 'numeric'
                          : c.tipoChave === 'email'
                            ? 'email'
                            : 'text'
                      }
                      autoComplete="off"
                      maxLength={77}
                      value={c.chave}
                      onChange={(e) =>
                        set('chave', c.tipoChave === 'cpf' ? formatCpfParcial(e.target.value) : e.target.value)
                      }
                    />
                  )}
                </FormField>
              </div>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  label="Banco (código)"
                  hint="Os 3 números do banco, por exemplo 001."
                  error={erro('pagamento.banco')}
                >
                  {(ctl) => (
                    <Input
                      {...ctl}
                      inputMode="numeric"
                      maxLength={3}
                      value={c.banco}
                      onChange={(e) => set('banco', onlyDigits(e.target.value))}
                    />
                  )}
                </FormField>
                <FormField label="Tipo de conta" error={erro('pagamento.tipoConta')}>
                  {(ctl) => (
                    <NativeSelect
                      {...ctl}
                      value={c.tipoConta}
                      onChange={(e) => set('tipoConta', e.target.value as Campos['tipoConta'])}
                    >
                      <option value="">Selecione</option>
                      <option value="corrente">Conta corrente</option>
                      <option value="poupanca">Poupança</option>
                    </NativeSelect>
                  )}
                </FormField>
                <FormField label="Agência" error={erro('pagamento.agencia')}>
                  {(ctl) => (
                    <Input {...ctl} maxLength={7} value={c.agencia} onChange={(e) => set('agencia', e.target.value)} />
                  )}
                </FormField>
                <FormField label="Conta com dígito" error={erro('pagamento.conta')}>
                  {(ctl) => (
                    <Input {...ctl} maxLength={14} value={c.conta} onChange={(e) => set('conta', e.target.value)} />
                  )}
                </FormField>
              </div>
            )}
          </>
        ) : null}
      </Card>

      {recusa ? (
        <Alert variant="error" title="Não foi possível continuar">
          {recusa}
        </Alert>
      ) : null}

      {previaValida ? (
        <section
          ref={previaRef}
          tabIndex={-1}
          aria-labelledby="reembolso-previa"
          className="rounded-2xl border-2 border-brand-700 bg-brand-50 p-5 outline-none sm:p-6"
        >
          <h2 id="reembolso-previa" className="text-lg font-bold text-slate-900">
            Prévia do reembolso
          </h2>
          <p className="mt-1 text-sm font-semibold uppercase tracking-wide text-brand-900">Estimativa, não garantia</p>
          <p className="mt-3 text-3xl font-bold tabular-nums text-slate-900">{formatBRL(previaValida.valorEstimado)}</p>
          <p className="mt-1 text-[15px] text-slate-800">
            Valor pago: <span className="font-semibold">{formatBRL(previaValida.valorPago)}</span>
          </p>
          <h3 className="mt-4 text-base font-bold text-slate-900">Como chegamos a este valor</h3>
          <div className="mt-2 rounded-xl bg-white p-4">
            <EstimativaEmPalavras estimativa={previaValida} />
          </div>
          <p className="mt-3 text-slate-800">{previaValida.mensagem}</p>
          {avisoRepetido ? (
            <AvisoReciboRepetido
              mensagem={avisoRepetido}
              confirmado={outroAtendimento}
              onConfirmar={setOutroAtendimento}
              desabilitado={solicitar.isPending}
            />
          ) : null}
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <Button
              onClick={enviar}
              disabled={solicitar.isPending || (avisoRepetido !== null && !outroAtendimento)}
              aria-busy={solicitar.isPending || undefined}
            >
              <Send aria-hidden="true" />
              {solicitar.isPending ? 'Enviando...' : 'Enviar solicitação'}
            </Button>
          </div>
        </section>
      ) : null}

      {previaValida ? null : (
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit" disabled={previa.isPending} aria-busy={previa.isPending || undefined}>
            <Calculator aria-hidden="true" />
            {previa.isPending ? 'Calculando...' : 'Ver prévia'}
          </Button>
        </div>
      )}
    </form>
  );
}

/** A CPF key as the member types it, masked. */
function formatCpfParcial(v: string): string {
  const d = onlyDigits(v).slice(0, 11);
  return d.length === 11 ? formatCpf(d) : d;
}
