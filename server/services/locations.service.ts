import { DISTRICT_LIST, thanasOf } from "#contract/locations";
import type { DistrictsAnswer, ThanasAnswer } from "#contract/answers/locations";
import { notFound } from "../lib/http-error.js";

/** The address pickers' lists (GET /api/locations/*): the same for every caller, so built once. */

export const DISTRICT_NOT_FOUND = "District not found";

const districtsAnswer: DistrictsAnswer = {
  districts: DISTRICT_LIST.map(({ id, name, nameBn, division }) => ({
    id,
    name,
    nameBn,
    division: division.name,
    divisionBn: division.nameBn,
  })),
};

export function listDistricts(): DistrictsAnswer {
  return districtsAnswer;
}

const thanasAnswers = new Map<string, ThanasAnswer>(
  DISTRICT_LIST.map((district) => [
    district.id,
    {
      thanas: thanasOf(district.id).map(({ id, name, nameBn, aliases }) => ({
        id,
        name,
        nameBn,
        aliases: [...aliases],
      })),
    },
  ]),
);

/** The district's thanas; 404 for an id that is not a district's. */
export function listThanas(districtId: string): ThanasAnswer {
  const answer = thanasAnswers.get(districtId);
  if (!answer) throw notFound(DISTRICT_NOT_FOUND);
  return answer;
}
