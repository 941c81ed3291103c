import type { MessageKey } from "./en";

/** Croatian strings of the incidents (partial; the rest falls back to English). */
export const hrIncidents: Partial<Record<MessageKey, string>> = {
  "incidents.title": "Incidenti",
  "incidents.list": "Incidenti",
  "incidents.filter.state": "Stanje",
  "incidents.filter.anyState": "Bilo koje stanje",
  "incidents.filter.location": "Lokacija",
  "incidents.filter.anyLocation": "Sve lokacije",
  "incidents.filter.rule": "Pravilo",
  "incidents.filter.anyRule": "Sva pravila",
  "incidents.filter.anyTime": "Bilo kada",
  "incidents.empty.title": "Nema incidenata",
  "incidents.state.open": "Otvoren",
  "incidents.state.acknowledged": "Potvrđen",
  "incidents.state.resolved": "Riješen",
  "incidents.state.suppressed": "Utišan",
  "incidents.acknowledge": "Potvrdi",
  "incidents.resolve": "Riješi",
  "incidents.detail.location": "Lokacija",
  "incidents.detail.rule": "Pravilo",
  "incidents.detail.timeline": "Vremenska crta",
  "incidents.action.note": "Bilješka (nije obavezna)",
  "incidents.bell.title": "Otvoreni incidenti",
  "incidents.wall.title": "Otvoreni incidenti",
  "incidents.wall.empty": "Nema otvorenih incidenata.",
};
