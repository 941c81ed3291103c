// A recorded remote session's replay (xterm.js): loaded only when one is opened.
export { RecordingPage } from "@/features/sessions/recording-page";
