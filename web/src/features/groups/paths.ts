/** Routes of the group flyouts (console.md §2.3, §2.9). */
export const groupViewPath = (space: string, uuid: string) => `/groups/group/view/${space}/${uuid}/location`;
export const groupEditPath = (space: string, uuid: string) => `/groups/group/edit/${space}/${uuid}/general`;
