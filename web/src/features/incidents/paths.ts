/** The Incidents page (a Monitor tab) and an incident's flyout under it. */
export const INCIDENTS_PATH = "/incidents";
export const incidentViewPath = (space: string, uuid: string) => `${INCIDENTS_PATH}/incident/view/${space}/${uuid}`;
