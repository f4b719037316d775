// `node --import ./modulos-carregados.mjs …` (otel.test.ts): every module the process imports is
// appended, one URL a line, to the file MODULOS_CARREGADOS names — how the test proves that with
// OTEL_EXPORTER_OTLP_ENDPOINT unset no OpenTelemetry module is loaded at all.
import { register } from 'node:module';

register('./modulos-carregados-gancho.mjs', import.meta.url);
