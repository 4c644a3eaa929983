// The one JSON shape of every error the API answers.
export interface ErrorBody {
  message: string;
  code: string;
  errors?: { path: string; message: string }[];
}
