import type { AcaoProtocolo, AcaoProtocoloRequest, DocumentoUsual, ProtocoloAtendimento } from '@portal/contract';
import { useId, useState, type FormEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useModelos } from '../api/modelos';
import { useAcaoProtocolo } from '../api/protocolo';
import { mensagemDeErro } from '../lib/cliente';
import { diaEmSaoPaulo } from '../lib/formatos';
import { CaixaDeAcoes } from './acoes';
import { ListaDeDocumentos, PreviaDoPedido } from './pedir-documentos';

const ACOES: { acao: AcaoProtocolo; rotulo: string; botao: string; feito: string }[] = [
  { acao: 'responder', rotulo: 'Responder', botao: 'Enviar resposta', feito: 'Resposta enviada ao beneficiário.' },
  {
    acao: 'pedir-informacao',
    rotulo: 'Pedir informações',
    botao: 'Pedir informações',
    feito: 'Pedido de informações enviado ao beneficiário.',
  },
  { acao: 'encaminhar', rotulo: 'Encaminhar', botao: 'Encaminhar', feito: 'Protocolo encaminhado.' },
  { acao: 'cancelar', rotulo: 'Cancelar', botao: 'Cancelar protocolo', feito: 'Protocolo cancelado.' },
];

const TEXTO_DA_ACAO: Record<AcaoProtocolo, string> = {
  responder: 'Resposta ao beneficiário',
  'pedir-informacao': 'O que o beneficiário precisa informar (opcional com documentos marcados)',
  encaminhar: 'Observação do encaminhamento',
  cancelar: 'Motivo do cancelamento (o beneficiário lê)',
};

const PDF_MAXIMO = 5 * 1024 * 1024;

function lerBase64(arquivo: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error ?? new Error('leitura'));
    r.readAsDataURL(arquivo);
  });
}

/** Radios 'Sim'/'Não' for the kind-specific decision of an answer. */
function Decisao(props: {
  legenda: string;
  sim: string;
  nao: string;
  valor: boolean | null;
  mudar: (v: boolean) => void;
}) {
  const nome = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold text-slate-800">{props.legenda}</legend>
      {[
        [true, props.sim],
        [false, props.nao],
      ].map(([v, rotulo]) => (
        <label key={String(v)} className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name={nome}
            className="size-5 accent-brand-700"
            checked={props.valor === v}
            onChange={() => props.mudar(v as boolean)}
          />
          {rotulo}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Responder / Pedir informações / Encaminhar / Cancelar, with what each kind of request needs.
 * The text lives in the page (`texto`), so a 409 'changed since you opened it' and the reload that
 * follows never lose it (decision 0055); each action carries the version the screen shows.
 */
export function AcoesDoProtocolo({
  protocolo,
  texto,
  setTexto,
  recarregar,
}: {
  protocolo: ProtocoloAtendimento;
  texto: string;
  setTexto: (t: string) => void;
  /** Reads the protocol again (its current version); resolves when the screen shows it. */
  recarregar: () => Promise<unknown>;
}) {
  const [acao, setAcao] = useState<AcaoProtocolo>('responder');
  const [desatualizado, setDesatualizado] = useState(false);
  const [recarregando, setRecarregando] = useState(false);
  const [setor, setSetor] = useState('');
  const [dataEfeito, setDataEfeito] = useState('');
  const [sim, setSim] = useState<boolean | null>(null);
  const [motivo, setMotivo] = useState('');
  const [pdf, setPdf] = useState<File | null>(null);
  const [documentos, setDocumentos] = useState<DocumentoUsual[]>([]);
  const [erro, setErro] = useState<string | null>(null);
  const modelos = useModelos();
  // The templates of this kind of protocol and those for every kind (decision 0057).
  const doTipo = (modelos.data?.modelos ?? []).filter((m) => m.tipos.length === 0 || m.tipos.includes(protocolo.tipo));
  const mutacao = useAcaoProtocolo(protocolo.protocolo);
  const atual = ACOES.find((a) => a.acao === acao)!;
  const decisao = acao === 'responder' ? protocolo.decisao : null;
  const recusando = decisao !== null && decisao !== 'cancelamento' && sim === false;

  async function enviar(e: FormEvent) {
    e.preventDefault();
    setErro(null);
    setDesatualizado(false);
    const corpo: AcaoProtocoloRequest = { acao, texto: texto.trim(), versao: protocolo.versao };
    const pedindo = acao === 'pedir-informacao' && documentos.length > 0;
    if (pedindo) corpo.documentos = documentos;
    if (!corpo.texto && !pedindo)
      return setErro(acao === 'pedir-informacao' ? 'Marque os documentos ou escreva o texto.' : 'Escreva o texto.');
    if (acao === 'encaminhar') {
      if (!setor.trim()) return setErro('Informe o setor para onde encaminhar.');
      corpo.setor = setor.trim();
    }
    if (decisao === 'cancelamento') {
      if (!dataEfeito) return setErro('Informe a data de efeito do cancelamento.');
      corpo.dataEfeito = dataEfeito;
    }
    if (decisao === 'correcao' || decisao === 'aceite') {
      if (sim === null)
        return setErro(
          decisao === 'correcao' ? 'Escolha aplicar ou recusar a correção.' : 'Escolha aceitar ou recusar o pedido.',
        );
      if (decisao === 'correcao') corpo.aplicar = sim;
      else corpo.aceitar = sim;
      if (!sim) {
        if (!motivo.trim()) return setErro('Informe o motivo da recusa.');
        corpo.motivo = motivo.trim();
      }
    }
    if (acao === 'responder' && pdf) {
      if (pdf.type !== 'application/pdf') return setErro('O anexo deve ser um arquivo PDF.');
      if (pdf.size > PDF_MAXIMO) return setErro('O PDF deve ter no máximo 5 MB.');
      corpo.pdfBase64 = await lerBase64(pdf);
    }
    mutacao.mutate(corpo, {
      onSuccess: () => {
        toast.success(atual.feito);
        setTexto('');
        setSetor('');
        setMotivo('');
        setPdf(null);
        setDocumentos([]);
      },
      onError: (err) => {
        setDesatualizado(err instanceof ApiError && err.code === 'VERSAO_DESATUALIZADA');
        setErro(mensagemDeErro(err));
      },
    });
  }

  async function recarregarDados() {
    setRecarregando(true);
    try {
      await recarregar();
      setErro(null);
      setDesatualizado(false);
      toast.success('Protocolo recarregado. Confira o histórico antes de enviar de novo.');
    } finally {
      setRecarregando(false);
    }
  }

  return (
    <CaixaDeAcoes
      id="acoes-titulo"
      acoes={ACOES}
      escolhida={acao}
      escolher={setAcao}
      enviar={(e) => void enviar(e)}
      limparErro={() => {
        if (!desatualizado) setErro(null);
      }}
      erro={erro}
      aposErro={
        desatualizado ? (
          <Button variant="outline" size="sm" disabled={recarregando} onClick={() => void recarregarDados()}>
            {recarregando ? 'Recarregando…' : 'Recarregar o protocolo'}
          </Button>
        ) : null
      }
      enviando={mutacao.isPending}
      botao={atual.botao}
      destrutiva={acao === 'cancelar'}
    >
      {decisao === 'cancelamento' ? (
        <FormField
          label="Data de efeito do cancelamento"
          hint="RN 561: o cancelamento vale a partir desta data; o PDF da resposta é o comprovante."
        >
          {(c) => (
            <Input
              {...c}
              type="date"
              min={diaEmSaoPaulo()}
              value={dataEfeito}
              onChange={(e) => setDataEfeito(e.target.value)}
              className="max-w-56"
            />
          )}
        </FormField>
      ) : null}
      {decisao === 'correcao' ? (
        <Decisao legenda="Correção de dados" sim="Aplicar a correção" nao="Recusar" valor={sim} mudar={setSim} />
      ) : null}
      {decisao === 'aceite' ? (
        <Decisao legenda="Decisão sobre o pedido" sim="Aceitar" nao="Recusar" valor={sim} mudar={setSim} />
      ) : null}
      {recusando ? (
        <FormField label="Motivo da recusa">
          {(c) => <Input {...c} maxLength={500} value={motivo} onChange={(e) => setMotivo(e.target.value)} />}
        </FormField>
      ) : null}
      {acao === 'encaminhar' ? (
        <FormField label="Setor">
          {(c) => <Input {...c} maxLength={100} value={setor} onChange={(e) => setSetor(e.target.value)} />}
        </FormField>
      ) : null}

      {acao === 'pedir-informacao' ? <ListaDeDocumentos marcados={documentos} mudar={setDocumentos} /> : null}

      {doTipo.length > 0 ? (
        <FormField
          label="Modelo de resposta"
          hint="Os modelos deste tipo de protocolo e os de todos os tipos. Escolher um substitui o texto abaixo."
        >
          {(c) => (
            <NativeSelect
              {...c}
              value=""
              onChange={(e) => {
                const m = doTipo.find((x) => x.id === e.target.value);
                if (m) setTexto(m.texto);
              }}
            >
              <option value="">Escolha um modelo…</option>
              {doTipo.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.titulo}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      ) : null}

      <FormField label={TEXTO_DA_ACAO[acao]}>
        {(c) => (
          <Textarea
            {...c}
            name="texto"
            maxLength={2000}
            rows={6}
            value={texto}
            onChange={(e) => setTexto(e.target.value)}
          />
        )}
      </FormField>

      {acao === 'pedir-informacao' ? <PreviaDoPedido marcados={documentos} texto={texto} /> : null}

      {acao === 'responder' ? (
        <FormField label="Anexar PDF (opcional)" hint="Até 5 MB. O beneficiário recebe junto com a resposta.">
          {(c) => (
            // The browser's own file button speaks the browser's language: ours says it in Portuguese.
            <div className="flex flex-wrap items-center gap-3">
              <input
                {...c}
                type="file"
                accept="application/pdf"
                className="peer sr-only"
                onChange={(e) => setPdf(e.target.files?.[0] ?? null)}
              />
              <label
                htmlFor={c.id}
                className="inline-flex min-h-11 cursor-pointer items-center rounded-lg bg-brand-100 px-4 font-semibold text-brand-900 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 hover:bg-brand-200"
              >
                Escolher PDF
              </label>
              <span className="text-slate-800">{pdf ? pdf.name : 'Nenhum arquivo escolhido'}</span>
            </div>
          )}
        </FormField>
      ) : null}
    </CaixaDeAcoes>
  );
}
