import { onlyDigits } from '@portal/br';
import { CircleHelp, MessageCircle, Phone, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { LinkExterno } from '@/components/link-externo';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { operadora } from '@/lib/operadora';

/** docs/produto/informacoes.md "Contact": cards for WhatsApp and for frequently asked questions, both external links. */
export function ContatoPage() {
  const o = operadora();
  return (
    <div>
      <PageHeader title="Contato">
        <p className="text-slate-700">Escolha como prefere falar com a {o.nome}.</p>
      </PageHeader>
      <div className="grid gap-5 md:grid-cols-2">
        <Canal
          titulo="WhatsApp"
          icone={MessageCircle}
          texto="Fale com a nossa equipe de atendimento pelo WhatsApp."
          href={o.links.whatsapp}
          acao="Conversar pelo WhatsApp"
        />
        <Canal
          titulo="Perguntas frequentes"
          icone={CircleHelp}
          texto="Encontre respostas para as dúvidas mais comuns sobre o seu plano."
          href={o.links.faq}
          acao="Ver perguntas frequentes"
        />
      </div>
      <p className="mt-6 flex flex-wrap items-center gap-x-2 text-slate-700">
        <Phone aria-hidden="true" className="size-5 text-brand-700" />
        Central de atendimento:
        <a
          href={`tel:${onlyDigits(o.centralAtendimento)}`}
          className="font-semibold tabular-nums text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          {o.centralAtendimento}
        </a>
      </p>
    </div>
  );
}

function Canal(props: { titulo: string; icone: LucideIcon; texto: string; href: string; acao: string }) {
  const { titulo, icone: Icone, texto, href, acao } = props;
  const id = useId();
  return (
    <Card aria-labelledby={id} className="flex flex-col">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icone aria-hidden="true" className="size-7" />
        </span>
        <CardTitle id={id} className="text-xl">
          {titulo}
        </CardTitle>
      </div>
      <p className="mt-3 flex-1 text-slate-700">{texto}</p>
      <LinkExterno href={href} className={buttonVariants({ className: 'mt-5 self-start' })}>
        {acao}
      </LinkExterno>
    </Card>
  );
}
