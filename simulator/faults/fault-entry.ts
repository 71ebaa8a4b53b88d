/** A named fault of the reference: switching it on breaks exactly one requirement. */
export interface Fault {
  id: string;
  requirement: string;
  area: string;
  description: string;
}

/** A catalogue entry; the area is the requirement's prefix (MSG, WH, ...). */
export const fault = <const I extends string>(id: I, requirement: string, description: string) =>
  ({ id, requirement, area: requirement.split('-')[0] ?? '', description }) as const;
