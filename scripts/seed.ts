import { seedDatabase } from "../server/seed/seed";
import { withDatabase } from "./lib/with-database";

// Idempotent: adds whatever part of the demo shop is missing, changes nothing that exists.
await withDatabase(() => seedDatabase((line) => console.log(line)));
