// One BDT formatter for the storefront and the server (promo messages). It lives in server/lib because
// the Docker image runs the server from source and ships no app/ folder (Dockerfile).
export { formatBDT } from "../../server/lib/money";
